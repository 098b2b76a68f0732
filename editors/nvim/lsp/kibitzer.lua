-- Neovim 0.11+: with editors/nvim on the runtimepath, `vim.lsp.enable('kibitzer')` starts the
-- server for these filetypes (the filetypes themselves come from ftdetect/ or setup()).
return {
  cmd = { 'kibitzer', 'lsp' },
  filetypes = { 'pgn', 'pbn', 'pbi', 'epd' },
  root_markers = { 'kibitzer.toml', '.git' },
  -- { mode = 'import' | 'export', rules = { PGN101 = 'off', ... } }
  init_options = {},
  settings = { kibitzer = {} },
}
