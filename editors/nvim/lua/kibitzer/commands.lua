-- The client-side commands of kibitzer's code lenses that Neovim can carry out: `vscode.open`,
-- which the *Open in BBO handviewer* lens above a PBN deal runs with the board's handviewer link
-- (VS Code's built-in command; the server names it for every client). The link is opened with the
-- system's opener (vim.ui.open on 0.10+, else xdg-open or open), or shown when there is none.
-- (*Show board*, `kibitzer.showBoard`, needs a board panel Neovim does not have.)
local M = {}

local function opener()
  if vim.fn.has('mac') == 1 then return 'open' end
  if vim.fn.executable('xdg-open') == 1 then return 'xdg-open' end
end

-- `vscode.open` with { arguments = { URL } }.
function M.open_link(command)
  local url = command.arguments and command.arguments[1]
  if type(url) ~= 'string' then return end
  if vim.ui.open then -- 0.10+
    local _, err = vim.ui.open(url)
    if err then vim.notify('kibitzer: ' .. err .. '\n' .. url, vim.log.levels.WARN) end
    return
  end
  local program = opener()
  if program and vim.fn.jobstart({ program, url }, { detach = true }) > 0 then return end
  vim.notify('kibitzer: no program to open the link with (xdg-open):\n' .. url, vim.log.levels.WARN)
end

-- For the client configuration's `commands`.
M.handlers = { ['vscode.open'] = M.open_link }

return M
