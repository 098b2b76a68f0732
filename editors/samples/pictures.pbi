#PBI 1.1
A. Composer:4k3/8/4K3/8/8/8/8/7R:#2:1|Imaginary Review|1899|1:::::
