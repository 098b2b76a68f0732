//! Finding, reading and classifying the files a command was given.
