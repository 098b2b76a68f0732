// The client settings the server reads: sent as initializationOptions, and again under the
// "kibitzer" section on every workspace/didChangeConfiguration.
import * as vscode from 'vscode';

export type Severity = 'error' | 'warning' | 'information' | 'hint' | 'off';

export interface InlayHintSettings {
  hcp: boolean;
  tricks: boolean;
  plyCount: boolean;
  clockTime: boolean;
}

// How the workspace folders are walked for workspace diagnostics and symbols: the CLI's
// --follow, --no-ignore and --hidden.
export interface WalkSettings {
  follow: boolean;
  noIgnore: boolean;
  hidden: boolean;
}

export interface ServerSettings {
  mode: 'import' | 'export';
  rules: Record<string, Severity>;
  inlayHints: InlayHintSettings;
  walk: WalkSettings;
}

export function serverSettings(): ServerSettings {
  const config = vscode.workspace.getConfiguration('kibitzer');
  return {
    mode: config.get<'import' | 'export'>('mode', 'import'),
    rules: config.get<Record<string, Severity>>('rules', {}),
    inlayHints: {
      hcp: config.get<boolean>('inlayHints.hcp', true),
      tricks: config.get<boolean>('inlayHints.tricks', true),
      plyCount: config.get<boolean>('inlayHints.plyCount', false),
      clockTime: config.get<boolean>('inlayHints.clockTime', true),
    },
    walk: {
      follow: config.get<boolean>('walk.follow', false),
      noIgnore: config.get<boolean>('walk.noIgnore', false),
      hidden: config.get<boolean>('walk.hidden', false),
    },
  };
}
