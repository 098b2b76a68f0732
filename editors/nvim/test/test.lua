-- Headless Neovim test: opens each file of the plan ($KIBITZER_PLAN, written by
-- editors/testlib/harness.py) with the plugin set up as a user would, waits for the diagnostics,
-- hovers the NAG, saves with format-on-save, and writes what it saw to $KIBITZER_OBSERVED.
-- editors/nvim/test/run.sh compares that with the CLI.
local function read_file(path)
  local f = assert(io.open(path, 'rb'))
  local s = f:read('*a')
  f:close()
  return s
end

local function code_of(d)
  if d.code ~= nil then return d.code end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code
end

local function hover_text(result)
  if not result or not result.contents then return '' end
  local c = result.contents
  if type(c) == 'string' then return c end
  if c.value then return c.value end
  local parts = {}
  for _, item in ipairs(c) do parts[#parts + 1] = type(item) == 'string' and item or item.value end
  return table.concat(parts, '\n')
end

local function run()
  local plan = vim.json.decode(read_file(os.getenv('KIBITZER_PLAN')))
  require('kibitzer').setup({
    cmd = { os.getenv('KIBITZER_BIN'), 'lsp' },
    format_on_save = true,
    settings = { mode = 'import' },
  })
  local observed = { files = {} }
  for _, file in ipairs(plan.files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file.path))
    local buf = vim.api.nvim_get_current_buf()
    assert(vim.bo[buf].filetype == file.lang,
      file.name .. ': filetype is ' .. vim.bo[buf].filetype .. ', not ' .. file.lang)
    local attached = vim.wait(10000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20)
    assert(attached, file.name .. ': kibitzer did not attach')

    -- Diagnostics: wait for as many as the CLI reports, then a little longer to catch extras.
    local want = #file.diagnostics
    vim.wait(want > 0 and 15000 or 2000, function()
      return want > 0 and #vim.diagnostic.get(buf) >= want
    end, 20)
    vim.wait(300)
    local diags = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      diags[#diags + 1] = { line = d.lnum + 1, code = code_of(d), message = d.message }
    end
    local entry = { path = file.path, diagnostics = diags }

    if file.hover and file.hover.position ~= vim.NIL then
      local params = {
        textDocument = { uri = vim.uri_from_bufnr(buf) },
        position = file.hover.position,
      }
      local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 5000) or {}
      local texts = {}
      for _, r in pairs(responses) do texts[#texts + 1] = hover_text(r.result) end
      entry.hover = table.concat(texts, '\n')
    end

    -- Format on save: the file on disk is what the user gets.
    vim.cmd('silent write')
    entry.formatted = read_file(file.path)
    observed.files[#observed.files + 1] = entry
  end
  local out = assert(io.open(os.getenv('KIBITZER_OBSERVED'), 'w'))
  out:write(vim.json.encode(observed))
  out:close()
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  io.stderr:write('nvim test error: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
