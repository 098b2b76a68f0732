// A stand-in for the `vscode` module, which exists only inside the editor: the settings the code
// reads and a record of the messages and clipboard writes it makes.
const Module = require('module');

const fresh = () => ({
  settings: {},
  workspaceFolders: undefined,
  errorChoice: undefined,
  errors: [],
  clipboard: undefined,
  commands: [],
});
const state = fresh();

const vscode = {
  workspace: {
    getConfiguration(section) {
      return {
        get(key, fallback) {
          const value = state.settings[`${section}.${key}`];
          return value === undefined ? fallback : value;
        },
      };
    },
    get workspaceFolders() {
      return state.workspaceFolders;
    },
  },
  window: {
    async showErrorMessage(message, ...items) {
      state.errors.push({ message, items });
      return state.errorChoice;
    },
  },
  env: {
    clipboard: {
      async writeText(text) {
        state.clipboard = text;
      },
    },
  },
  commands: {
    async executeCommand(...args) {
      state.commands.push(args);
    },
  },
};

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? vscode : load.call(this, request, ...rest);
};

function reset() {
  Object.assign(state, fresh());
}

module.exports = { state, reset };
