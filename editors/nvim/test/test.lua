-- Headless Neovim test: opens each file of the plan ($KIBITZER_PLAN, written by
-- editors/testlib/harness.py) with the plugin set up as a user would, waits for the diagnostics,
-- hovers the NAG (or a LIN deal), saves with format-on-save, renames a player where the plan says
-- (F2: vim.lsp.buf.rename), and writes what it saw to $KIBITZER_OBSERVED.
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

-- The semantic token Neovim (0.9+) shows on the hovered text at 0-based `row`, byte `col`: of the
-- plan's type `want` (a NAG's: operator). A line inserted above it, then removed, must move the
-- token down and back: the edits go to the server and its answers (deltas of the tokens,
-- semanticTokens/full/delta) come back applied.
local function semantic_tokens_follow_edits(buf, name, row, col, want)
  local function token_at(r)
    for _, t in ipairs(vim.lsp.semantic_tokens.get_at_pos(buf, r, col) or {}) do
      if t.type then return t.type end
    end
  end
  local check = { name = name .. ': the semantic token of the hovered text follows edits above it' }
  vim.wait(5000, function() return token_at(row) ~= nil end, 20)
  local before = token_at(row)
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { '' })
  local moved = vim.wait(5000, function() return token_at(row + 1) == before end, 20)
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, {})
  local back = vim.wait(5000, function() return token_at(row) == before and token_at(row + 1) ~= before end, 20)
  check.ok = before == want and moved and back
  check.detail = string.format('token %s, after a line inserted above: %s, after it is removed: %s',
    tostring(before), moved and 'moved down' or 'not moved', back and 'back' or 'not back')
  return check
end

-- Neovim 0.10+ pulls diagnostics (textDocument/diagnostic) and the server, seeing the client's
-- `textDocument.diagnostic` capability, pushes none to it: the pushes are counted here, and a
-- client that pulls must see its diagnostics with none pushed.
local pushed = 0
local function count_pushes()
  local original = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(...)
    pushed = pushed + 1
    return original(...)
  end
end

local function pulls(client)
  local caps = vim.lsp.protocol.make_client_capabilities()
  return caps.textDocument and caps.textDocument.diagnostic ~= nil
    and client.server_capabilities.diagnosticProvider ~= nil
end

-- Neovim 0.10+ shows inlay hints: enabled for the buffer, the hints the client holds (what it
-- draws) must include each hand's points of the PBN deal.
local function inlay_hints_shown(buf, name)
  local check = { name = name .. ': inlay hints (vim.lsp.inlay_hint) show the points of each hand' }
  vim.lsp.inlay_hint.enable(true, { bufnr = buf })
  local labels = {}
  local function collect()
    labels = {}
    for _, item in ipairs(vim.lsp.inlay_hint.get({ bufnr = buf }) or {}) do
      local label = item.inlay_hint.label
      if type(label) == 'table' then
        local parts = {}
        for _, p in ipairs(label) do parts[#parts + 1] = p.value end
        label = table.concat(parts)
      end
      labels[#labels + 1] = label
    end
    return #labels > 0
  end
  vim.wait(5000, function()
    vim.cmd('redraw')
    return collect()
  end, 50)
  check.ok = vim.tbl_contains(labels, '10') and vim.lsp.inlay_hint.is_enabled({ bufnr = buf })
  check.detail = 'hints shown: ' .. table.concat(labels, ', ')
  return check
end

-- F2's rename, as a user runs it: the cursor on the first character of `want.needle`,
-- vim.lsp.buf.rename(new name) (prepareRename, then rename, whose WorkspaceEdit Neovim applies to
-- the open buffer and to the closed files, which it loads into buffers without saving them).
-- Returns the text of every buffer that changed, by path.
local function rename(buf, want)
  local found
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(want.needle, 1, true)
    if col then found = { i, col - 1 } break end
  end
  assert(found, 'no ' .. want.needle .. ' in the buffer to rename')
  vim.api.nvim_win_set_cursor(0, found)
  local function text_of(b) return table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n') .. '\n' end
  local before = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do before[b] = text_of(b) end
  vim.lsp.buf.rename(want.new_name)
  -- Done when every file that holds the name has a buffer without it.
  vim.wait(10000, function()
    for _, path in ipairs(want.files) do
      local b = vim.fn.bufnr(path)
      if b == -1 or text_of(b):find(want.needle, 1, true) then return false end
    end
    return true
  end, 50)
  vim.wait(300)
  local changed = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if before[b] ~= text_of(b) and vim.api.nvim_buf_get_name(b) ~= '' then
      changed[vim.api.nvim_buf_get_name(b)] = text_of(b)
    end
  end
  return changed
end

-- The *Open in BBO handviewer* lens of the first game, run as a user does: the lenses shown
-- (vim.lsp.codelens.refresh), the cursor on its line, vim.lsp.codelens.run(), and in the menu of
-- that line's lenses (Show board, Open in BBO handviewer) the second picked. The plugin's
-- `vscode.open` opens the link with the system's opener, which run.sh replaced with a script that
-- writes it to $KIBITZER_OPENED. Returns the link, or nil.
local function open_handviewer(buf)
  local title = 'Open in BBO handviewer'
  local lens
  vim.lsp.codelens.refresh()
  vim.wait(10000, function()
    for _, l in ipairs(vim.lsp.codelens.get(buf)) do
      if l.command and l.command.title == title then lens = l return true end
    end
  end, 50)
  assert(lens, 'no ' .. title .. ' lens')
  vim.api.nvim_win_set_cursor(0, { lens.range.start.line + 1, 0 })
  local select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      if opts.format_item(item) == title then return on_choice(item) end
    end
    on_choice(nil)
  end
  local ok, err = pcall(vim.lsp.codelens.run)
  vim.ui.select = select
  assert(ok, err)
  local file = os.getenv('KIBITZER_OPENED')
  -- The opener renames a whole file into place; a file still empty is waited for all the same.
  local written = function() return vim.fn.getfsize(file) > 0 end
  vim.wait(10000, written, 50)
  if not written() then return nil end
  local link = read_file(file)
  os.remove(file)
  return link
end

local function run()
  count_pushes()
  local plan = vim.json.decode(read_file(os.getenv('KIBITZER_PLAN')))
  local cmd = { os.getenv('KIBITZER_BIN'), 'lsp' }
  if os.getenv('KIBITZER_NVIM_SETUP') == 'enable' then
    -- Neovim 0.11+: the lsp/kibitzer.lua config with vim.lsp.enable, and format on save the way
    -- its documentation shows (filetypes come from ftdetect/).
    vim.lsp.config('kibitzer', { cmd = cmd, settings = { kibitzer = { mode = 'import' } } })
    vim.lsp.enable('kibitzer')
    vim.api.nvim_create_autocmd('BufWritePre', {
      pattern = { '*.pgn', '*.pbn', '*.pbi', '*.epd', '*.fen', '*.lin' },
      callback = function(args) vim.lsp.buf.format({ bufnr = args.buf, name = 'kibitzer', timeout_ms = 5000 }) end,
    })
  else
    require('kibitzer').setup({ cmd = cmd, format_on_save = true, settings = { mode = 'import' } })
  end
  local observed = { files = {}, checks = {} }
  for _, file in ipairs(plan.files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file.path))
    local buf = vim.api.nvim_get_current_buf()
    assert(vim.bo[buf].filetype == file.lang,
      file.name .. ': filetype is ' .. vim.bo[buf].filetype .. ', not ' .. file.lang)
    local function clients()
      if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end -- 0.10+
      return vim.lsp.buf_get_clients(buf)
    end
    local attached = vim.wait(10000, function() return next(clients()) ~= nil end, 20)
    assert(attached, file.name .. ': kibitzer did not attach')

    -- Diagnostics: wait for as many as the CLI reports, then a little longer to catch extras.
    local want = #file.diagnostics
    vim.wait(want > 0 and 15000 or 2000, function()
      return want > 0 and #vim.diagnostic.get(buf) >= want
    end, 20)
    vim.wait(300)
    local diags = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      -- d.col counts bytes of the buffer's line; the harness wants characters.
      local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] or ''
      local column = vim.fn.strchars(line:sub(1, d.col)) + 1
      diags[#diags + 1] = { line = d.lnum + 1, column = column, code = code_of(d), message = d.message }
    end
    local entry = { path = file.path, diagnostics = diags }
    if pulls(clients()[1]) then
      observed.checks[#observed.checks + 1] = {
        name = file.name .. ': diagnostics are pulled (textDocument/diagnostic), none pushed',
        ok = #diags == want and pushed == 0,
        detail = string.format('%d diagnostics shown, %d pushed', #diags, pushed),
      }
    end
    if file.lang == 'pbn' and vim.lsp.inlay_hint and vim.lsp.inlay_hint.get then
      observed.checks[#observed.checks + 1] = inlay_hints_shown(buf, file.name)
    end

    if file.hover then
      -- The cursor on the first character of the NAG; the position in the client's encoding.
      local found
      for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
        local col = line:find(file.hover.needle, 1, true)
        if col then found = { i, col - 1 } break end
      end
      assert(found, file.name .. ': no ' .. file.hover.needle .. ' in the buffer')
      vim.api.nvim_win_set_cursor(0, found)
      local params = vim.lsp.util.make_position_params(0, clients()[1].offset_encoding)
      local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 5000) or {}
      local texts = {}
      for _, r in pairs(responses) do texts[#texts + 1] = hover_text(r.result) end
      entry.hover = table.concat(texts, '\n')
      if file.hover.token and vim.lsp.semantic_tokens and vim.lsp.semantic_tokens.get_at_pos then
        observed.checks[#observed.checks + 1] =
          semantic_tokens_follow_edits(buf, file.name, found[1] - 1, found[2], file.hover.token)
      end
    end

    -- '' when nothing was opened, so that the harness sees the lens was run.
    if file.handviewer then entry.opened = open_handviewer(buf) or '' end

    -- Format on save: the file on disk is what the user gets.
    vim.cmd('silent write')
    entry.saved = true
    if file.rename then entry.renamed = rename(buf, file.rename) end
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
