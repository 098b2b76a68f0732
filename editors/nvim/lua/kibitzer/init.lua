-- kibitzer for Neovim: filetype detection for PGN, PBN, LIN, PBI and EPD/FEN, and the `kibitzer lsp`
-- language server attached to those buffers. Works on Neovim 0.7 (vim.lsp.start_client) and later
-- (vim.lsp.start); on 0.11+ `lsp/kibitzer.lua` also serves vim.lsp.config/vim.lsp.enable.
local server = require('kibitzer.server')

local M = {}

M.filetypes = { 'pgn', 'pbn', 'pbi', 'epd', 'lin' }

-- File extension -> filetype. FEN files hold one position a line, as EPD records do.
M.extensions = { pgn = 'pgn', pbn = 'pbn', pbi = 'pbi', epd = 'epd', fen = 'epd', lin = 'lin' }

local defaults = {
  -- The kibitzer binary. nil: found where pip and cargo put it (lua/kibitzer/server.lua).
  path = nil,
  -- The whole server command, when it is not `PATH lsp` (used as given).
  cmd = nil,
  -- Sent as initializationOptions and answered to workspace/configuration ("kibitzer" section):
  -- { mode = 'import' | 'export', rules = { PGN101 = 'off', ... } }.
  settings = {},
  -- Format the buffer through the server before each :write.
  format_on_save = false,
  -- The folder that holds one of these is the workspace root (where kibitzer.toml is read).
  root_markers = { 'kibitzer.toml', '.git' },
  on_attach = nil,
  capabilities = nil,
}

M.config = vim.deepcopy(defaults)

local has_lsp_start = vim.lsp.start ~= nil -- 0.8+

-- Registers the filetypes: vim.filetype.add where it exists and is used (0.8+), autocommands before.
function M.register_filetypes()
  if vim.fn.has('nvim-0.8') == 1 and vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = M.extensions })
    return
  end
  local group = vim.api.nvim_create_augroup('kibitzer_filetypes', { clear = true })
  for ext, ft in pairs(M.extensions) do
    vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
      group = group,
      pattern = '*.' .. ext,
      command = 'setfiletype ' .. ft,
    })
  end
end

-- The nearest folder above the file that holds a root marker, else the file's own folder.
local function root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local start = vim.fn.fnamemodify(name, ':p:h')
  for _, marker in ipairs(M.config.root_markers) do
    local found = vim.fn.findfile(marker, start .. ';')
    if found == '' then found = vim.fn.finddir(marker, start .. ';') end
    if found ~= '' then return (vim.fn.fnamemodify(found, ':p:h'):gsub('/%.git/?$', '')) end
  end
  return start
end

local function format_buffer(bufnr)
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = bufnr, name = 'kibitzer', timeout_ms = 5000 })
  else -- 0.7
    vim.api.nvim_buf_call(bufnr, function() vim.lsp.buf.formatting_sync(nil, 5000) end)
  end
end
M.format = format_buffer

local function on_attach(client, bufnr)
  if M.config.format_on_save then
    local group = vim.api.nvim_create_augroup('kibitzer_format_' .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd('BufWritePre', {
      group = group,
      buffer = bufnr,
      callback = function() format_buffer(bufnr) end,
    })
  end
  if M.config.on_attach then M.config.on_attach(client, bufnr) end
end

-- The server command for a buffer, or nil when there is no binary (the user is told what to do).
local function server_command(bufnr)
  if M.config.cmd then
    if vim.fn.executable(M.config.cmd[1]) == 1 then return M.config.cmd end
    server.report(server.missing_message(nil, M.config.cmd[1]))
    return nil
  end
  local folder = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  local path, message = server.find(folder, M.config.path)
  if not path then
    server.report(message)
    return nil
  end
  return { path, 'lsp' }
end

local function client_config(bufnr, cmd)
  return {
    name = 'kibitzer',
    cmd = cmd,
    root_dir = root_dir(bufnr),
    -- An empty Lua table would be sent as a JSON array: send nothing instead.
    init_options = next(M.config.settings) and M.config.settings or nil,
    settings = { kibitzer = next(M.config.settings) and M.config.settings or vim.empty_dict() },
    capabilities = M.config.capabilities,
    -- The code lenses' client commands (the handviewer link).
    commands = require('kibitzer.commands').handlers,
    on_attach = on_attach,
  }
end

-- 0.7 has no vim.lsp.start: one client per root folder, attached by hand.
local clients_by_root = {}

-- Starts (or reuses) the server for a buffer and attaches it.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local cmd = server_command(bufnr)
  if not cmd then return end
  local config = client_config(bufnr, cmd)
  if has_lsp_start then
    vim.api.nvim_buf_call(bufnr, function() vim.lsp.start(config) end)
    return
  end
  local id = clients_by_root[config.root_dir]
  if not id or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(config)
    if not id then
      vim.notify('kibitzer: could not start ' .. table.concat(config.cmd, ' '), vim.log.levels.ERROR)
      return
    end
    clients_by_root[config.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  M.register_filetypes()
  local group = vim.api.nvim_create_augroup('kibitzer_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.filetypes,
    callback = function(args) M.attach(args.buf) end,
  })
  -- Buffers opened before setup() ran.
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(M.filetypes, vim.bo[buf].filetype) then
      M.attach(buf)
    end
  end
  vim.api.nvim_create_user_command('KibitzerFormat', function() format_buffer(0) end,
    { desc = 'Format the buffer in the export format through kibitzer lsp' })
end

return M
