-- Where the `kibitzer` binary is: a path the user gave (setup's `path`, else vim.g.kibitzer_path),
-- else where pip and cargo put it, in this
-- order: the active Python virtual environment ($VIRTUAL_ENV), the nearest `.venv` above the
-- file, PATH, then cargo's bin folder ($CARGO_HOME/bin, else ~/.cargo/bin), which a Neovim
-- started from a desktop launcher often lacks on its PATH. Used by setup() and lsp/kibitzer.lua.
local M = {}

local windows = vim.fn.has('win32') == 1
local binary = windows and 'kibitzer.exe' or 'kibitzer'
local venv_bin = windows and 'Scripts' or 'bin'

local function env(name)
  local value = os.getenv(name)
  if value == nil or value == '' then return nil end
  return value
end

local function join(...) return table.concat({ ... }, '/') end

local function is_executable(path) return path ~= nil and vim.fn.executable(path) == 1 end

-- The places to look, in order: { path = FILE or nil (PATH), label = what to tell the user }.
local function places(start_dir)
  local list = {}
  local venv = env('VIRTUAL_ENV')
  list[#list + 1] = venv and { path = join(venv, venv_bin, binary), label = '$VIRTUAL_ENV/' .. venv_bin }
    or { label = '$VIRTUAL_ENV/' .. venv_bin .. ' (no virtual environment is active)' }
  if start_dir and start_dir ~= '' then
    local found = vim.fn.finddir('.venv', vim.fn.fnameescape(start_dir) .. ';')
    if found ~= '' then
      list[#list + 1] = { path = join(vim.fn.fnamemodify(found, ':p'):gsub('/$', ''), venv_bin, binary),
        label = vim.fn.fnamemodify(found, ':p:~'):gsub('/$', '') .. '/' .. venv_bin }
    else
      list[#list + 1] = { label = '.venv/' .. venv_bin .. ' (none above ' .. vim.fn.fnamemodify(start_dir, ':~') .. ')' }
    end
  end
  list[#list + 1] = { on_path = true, label = 'PATH' }
  local cargo_home = env('CARGO_HOME')
  if cargo_home then
    list[#list + 1] = { path = join(cargo_home, 'bin', binary), label = '$CARGO_HOME/bin' }
  end
  local home = env('HOME') or env('USERPROFILE')
  if home then list[#list + 1] = { path = join(home, '.cargo', 'bin', binary), label = '~/.cargo/bin' } end
  return list
end

--- The binary to run for a file in `start_dir` (a folder; nil: the current one).
--- `explicit`: the path the user configured (default vim.g.kibitzer_path), which is used or
--- reported, never replaced. Returns the path, or nil and the message that says what to do.
function M.find(start_dir, explicit)
  explicit = explicit or vim.g.kibitzer_path
  if explicit and explicit ~= '' then
    local path = vim.fn.expand(explicit)
    if is_executable(path) then return path end
    return nil, M.missing_message(nil, path)
  end
  local searched = {}
  for _, place in ipairs(places(start_dir or vim.fn.getcwd())) do
    if place.on_path then
      local path = vim.fn.exepath('kibitzer')
      if path ~= '' then return path end
    elseif is_executable(place.path) then
      return place.path
    end
    searched[#searched + 1] = place.label
  end
  return nil, M.missing_message(searched)
end

--- What to do when there is no binary: `searched` lists where it was looked for, or `path` is the
--- configured binary that is not there.
function M.missing_message(searched, path)
  local where = path and ('the configured path ' .. path .. ' is not an executable file')
    or ('it is not in ' .. table.concat(searched, ', '))
  return table.concat({
    'kibitzer: the language server was not found (' .. where .. ').',
    'Install it with `pip install kibitzer-chess-bridge` (in the project\'s virtual environment or for your user)',
    'or `cargo install --locked --path server` from a checkout of kibitzer\'s repository,',
    'or set its path: vim.g.kibitzer_path = \'/path/to/kibitzer\' (or require(\'kibitzer\').setup({ path = ... })).',
  }, '\n')
end

local reported = {}

--- Shows `message` once per Neovim session (each buffer of the filetypes would repeat it).
function M.report(message)
  if reported[message] then return end
  reported[message] = true
  vim.notify(message, vim.log.levels.ERROR)
end

return M
