" Filetypes of the kibitzer formats, for Neovim before 0.8 (and Vim); later versions also get
" them from vim.filetype.add in require('kibitzer').setup().
autocmd BufRead,BufNewFile *.pgn setfiletype pgn
autocmd BufRead,BufNewFile *.pbn setfiletype pbn
autocmd BufRead,BufNewFile *.pbi setfiletype pbi
autocmd BufRead,BufNewFile *.lin setfiletype lin
autocmd BufRead,BufNewFile *.epd,*.fen setfiletype epd
