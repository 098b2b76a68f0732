// Which `kibitzer` binary the extension runs: the setting, else the binary bundled in the extension
// (the platform packages of package.sh carry one), else one installed by pip (a virtual
// environment) or cargo, or on PATH. Kept apart from the client so the order can be tested with a mock of
// the `vscode` module.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';

/** How people get kibitzer: the Python wheel (its console command is `kibitzer`) or cargo. */
export const PIP_INSTALL = 'pip install kibitzer-chess-bridge';
export const CARGO_INSTALL = 'cargo install --locked --path server';

export type ServerSource = 'setting' | 'bundled' | 'virtualenv' | 'path' | 'cargo';

/** Where the binary came from, as the output channel says it. */
export const SOURCE_DESCRIPTIONS: Record<ServerSource, string> = {
  setting: 'set by kibitzer.server.path',
  bundled: 'bundled with the extension',
  virtualenv: 'from a Python virtual environment',
  path: 'found on PATH',
  cargo: 'installed by cargo',
};

export type Resolution =
  | { command: string; source: ServerSource }
  | { error: string };

function binaryName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'kibitzer.exe' : 'kibitzer';
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `~` and `${workspaceFolder}` expanded; a relative path is taken from the workspace folder. */
export function expandSettingPath(setting: string, workspaceFolder: string | undefined): string {
  let p = setting.trim();
  if (p === '~' || p.startsWith('~/')) p = path.join(os.homedir(), p.slice(1));
  if (workspaceFolder) p = p.split('${workspaceFolder}').join(workspaceFolder);
  if (!path.isAbsolute(p) && workspaceFolder) p = path.join(workspaceFolder, p);
  return p;
}

/** The first executable `name` in the PATH of `env`, trying PATHEXT's suffixes on Windows. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
  const suffixes = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE').split(';')] : [''];
  for (const dir of dirs) {
    for (const suffix of suffixes) {
      const candidate = path.join(dir, name + suffix);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The folder of a virtual environment that holds its console commands. */
function venvBin(venv: string, platform: NodeJS.Platform): string {
  return path.join(venv, platform === 'win32' ? 'Scripts' : 'bin');
}

/** Where pip and cargo put `kibitzer`, in the order they are tried after the bundled binary: the
 * active virtual environment ($VIRTUAL_ENV), a `.venv` in each workspace folder, PATH, then
 * cargo's bin folder ($CARGO_HOME/bin, else ~/.cargo/bin), which an editor started from the
 * desktop often lacks on its PATH. */
function installedServer(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  workspaceFolders: string[],
): { command: string; source: ServerSource } | undefined {
  const name = binaryName(platform);
  const venvs = [env.VIRTUAL_ENV, ...workspaceFolders.map((f) => path.join(f, '.venv'))].filter(
    (v): v is string => !!v,
  );
  for (const venv of venvs) {
    const candidate = path.join(venvBin(venv, platform), name);
    if (isExecutableFile(candidate)) return { command: candidate, source: 'virtualenv' };
  }
  const onPath = findOnPath('kibitzer', env, platform);
  if (onPath) return { command: onPath, source: 'path' };
  const home = env.HOME ?? env.USERPROFILE ?? os.homedir();
  const cargoHome = env.CARGO_HOME || path.join(home, '.cargo');
  const cargo = path.join(cargoHome, 'bin', name);
  if (isExecutableFile(cargo)) return { command: cargo, source: 'cargo' };
  return undefined;
}

/** The error shown when there is no binary (a notification: plain text, no Markdown). */
export function notFoundMessage(): string {
  return (
    'The kibitzer language server was not found (in the extension, a Python virtual environment, ' +
    `PATH or cargo's bin folder). Install it with "${PIP_INSTALL}" (in the project's virtual ` +
    `environment or for your user), or with "${CARGO_INSTALL}" from a checkout of kibitzer's ` +
    'repository; or set "kibitzer.server.path" to the binary. Then run "kibitzer: Restart Language Server".'
  );
}

export function resolveServer(
  extensionPath: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Resolution {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const setting = vscode.workspace.getConfiguration('kibitzer').get<string>('server.path', '');
  if (setting && setting.trim()) {
    const command = expandSettingPath(setting, folders[0]);
    // A wrong explicit setting is an error to show, not a reason to run some other binary.
    if (!isExecutableFile(command)) {
      return { error: `"kibitzer.server.path" is ${setting}, but ${command} is not an executable file.` };
    }
    return { command, source: 'setting' };
  }
  const bundled = path.join(extensionPath, 'server', binaryName(platform));
  if (isExecutableFile(bundled)) return { command: bundled, source: 'bundled' };
  return installedServer(env, platform, folders) ?? { error: notFoundMessage() };
}

export const COPY_PIP = 'Copy pip Command';
export const COPY_CARGO = 'Copy cargo Command';
export const OPEN_SETTINGS = 'Open Settings';

/** Shows why the server cannot start, with a button for each install command and one for the setting. */
export async function reportMissingServer(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, COPY_PIP, COPY_CARGO, OPEN_SETTINGS);
  if (choice === COPY_PIP) {
    await vscode.env.clipboard.writeText(PIP_INSTALL);
  } else if (choice === COPY_CARGO) {
    await vscode.env.clipboard.writeText(CARGO_INSTALL);
  } else if (choice === OPEN_SETTINGS) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'kibitzer.server.path');
  }
}
