// Which `kibitzer` binary the extension runs: the setting, else a binary bundled in the extension,
// else `kibitzer` on PATH. Kept apart from the client so the order can be tested with a mock of
// the `vscode` module.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';

export const INSTALL_COMMAND = 'cargo install --path server';

export type ServerSource = 'setting' | 'bundled' | 'path';

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

function notFoundMessage(): string {
  return (
    'The kibitzer language server was not found: set "kibitzer.server.path", or install kibitzer ' +
    `with \`${INSTALL_COMMAND}\` from a checkout of its repository (then \`kibitzer\` is on PATH).`
  );
}

export function resolveServer(
  extensionPath: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Resolution {
  const setting = vscode.workspace.getConfiguration('kibitzer').get<string>('server.path', '');
  if (setting && setting.trim()) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const command = expandSettingPath(setting, folder);
    // A wrong explicit setting is an error to show, not a reason to run some other binary.
    if (!isExecutableFile(command)) {
      return { error: `"kibitzer.server.path" is ${setting}, but ${command} is not an executable file.` };
    }
    return { command, source: 'setting' };
  }
  const bundled = path.join(extensionPath, 'server', binaryName(platform));
  if (isExecutableFile(bundled)) return { command: bundled, source: 'bundled' };
  const onPath = findOnPath('kibitzer', env, platform);
  if (onPath) return { command: onPath, source: 'path' };
  return { error: notFoundMessage() };
}

export const COPY_INSTALL = 'Copy Install Command';
export const OPEN_SETTINGS = 'Open Settings';

/** Shows why the server cannot start, with a button for the install command and one for the setting. */
export async function reportMissingServer(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, COPY_INSTALL, OPEN_SETTINGS);
  if (choice === COPY_INSTALL) {
    await vscode.env.clipboard.writeText(INSTALL_COMMAND);
  } else if (choice === OPEN_SETTINGS) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'kibitzer.server.path');
  }
}
