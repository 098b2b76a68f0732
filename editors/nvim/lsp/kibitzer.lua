-- Neovim 0.11+: with editors/nvim on the runtimepath, `vim.lsp.enable('kibitzer')` starts the
-- server for these filetypes (the filetypes themselves come from ftdetect/ or setup()). The binary
-- is vim.g.kibitzer_path, else found where pip and cargo put it (lua/kibitzer/server.lua); when
-- there is none, the server is not started and a message says what to install or set. (A `cmd`
-- set with vim.lsp.config('kibitzer', { cmd = { '/path/to/kibitzer', 'lsp' } }) replaces all
-- that; Neovim itself refuses one that is not executable, in its log only.)
local server = require('kibitzer.server')

local root_markers = { 'kibitzer.toml', '.git' }

-- The binary for a root folder: the configured command's, else the one found from there.
local function binary(root)
  local cmd = vim.lsp.config.kibitzer and vim.lsp.config.kibitzer.cmd
  return server.find(root, type(cmd) == 'table' and cmd[1] or nil)
end

return {
  -- A function, so that the binary is looked for from each root (its .venv); replaced by a
  -- table when the user sets cmd.
  cmd = function(dispatchers, config)
    local path, message = binary(config and config.root_dir or vim.fn.getcwd())
    if not path then error(message) end
    return vim.lsp.rpc.start({ path, 'lsp' }, dispatchers, {
      cwd = config and config.cmd_cwd,
      env = config and config.cmd_env,
    })
  end,
  filetypes = { 'pgn', 'pbn', 'pbi', 'epd', 'lin' },
  -- The root (where kibitzer.toml is read), and no client at all when there is no binary.
  root_dir = function(bufnr, on_dir)
    local file = vim.api.nvim_buf_get_name(bufnr)
    local root = vim.fs.root(bufnr, root_markers) or vim.fs.dirname(file)
    local path, message = binary(root)
    if not path then
      server.report(message)
      return
    end
    on_dir(root)
  end,
  -- The code lenses' client commands (the handviewer link).
  commands = require('kibitzer.commands').handlers,
  -- { mode = 'import' | 'export', rules = { PGN101 = 'off', ... } }
  init_options = {},
  settings = { kibitzer = {} },
}
