-- Headless Neovim, one case of find.sh: the plugin set up as a user would (without a command, or
-- with $KIBITZER_FIND_PATH as the path setting: setup's `path`, or vim.g.kibitzer_path with
-- vim.lsp.enable), then a PGN file opened. Expected
-- ($KIBITZER_FIND_EXPECT): `server`, the diagnostics of the real binary (the one place that holds
-- it; the others hold decoys that fail); or `missing`, no client and one message naming what to
-- install ($KIBITZER_FIND_MESSAGE: texts it must hold, separated by `|`).
-- Prints `  ok ...` / `  FAIL ...` lines and exits 1 on a failure.
local failures = 0
local function report(ok, what)
  if not ok then failures = failures + 1 end
  io.stdout:write(string.format('  %s %s\n', ok and 'ok  ' or 'FAIL', what))
end

local messages = {}
vim.notify = function(message, level)
  messages[#messages + 1] = { message = message, level = level }
end

local function main()
  local case = os.getenv('KIBITZER_FIND_CASE')
  local expect = os.getenv('KIBITZER_FIND_EXPECT')
  local path = os.getenv('KIBITZER_FIND_PATH')
  if path == '' then path = nil end
  if os.getenv('KIBITZER_NVIM_SETUP') == 'enable' then
    vim.g.kibitzer_path = path
    vim.lsp.enable('kibitzer')
  else
    require('kibitzer').setup({ path = path })
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('KIBITZER_FIND_FILE')))
  local buf = vim.api.nvim_get_current_buf()

  if expect == 'server' then
    local shown = vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
    report(shown, case .. ': the server found there checks the file ('
      .. #vim.diagnostic.get(buf) .. ' diagnostics)')
    report(#messages == 0, case .. ': no message' .. (messages[1] and (': ' .. messages[1].message) or ''))
    return
  end

  -- `missing`: give a server the time it would take to start, then look.
  vim.wait(1500, function() return false end, 50)
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  report(#get_clients({ bufnr = buf }) == 0, case .. ': no client is attached')
  report(#messages == 1, case .. ': one message (' .. #messages .. ')')
  local text = messages[1] and messages[1].message or ''
  report(messages[1] ~= nil and messages[1].level == vim.log.levels.ERROR, case .. ': the message is an error')
  for needle in (os.getenv('KIBITZER_FIND_MESSAGE') or ''):gmatch('[^|]+') do
    report(text:find(needle, 1, true) ~= nil, case .. ': the message says ' .. needle)
  end
  io.stdout:write('  note ' .. case .. ': ' .. text:gsub('\n', '\n       ') .. '\n')
  -- A second buffer of the filetypes does not repeat it.
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.fn.fnamemodify(os.getenv('KIBITZER_FIND_FILE'), ':h') .. '/other.pbn'))
  vim.wait(500, function() return false end, 50)
  report(#messages == 1, case .. ': a second file does not repeat the message')
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  io.stdout:write('  FAIL ' .. tostring(err) .. '\n')
  failures = failures + 1
end
io.stdout:flush()
if failures > 0 then vim.cmd('cquit 1') end
vim.cmd('qall!')
