// A plugin form the runtime's own CLI installs into the home (the runtime declaration's `install.homePlugin`:
// Gemini CLI's extension, Copilot CLI's plugin). `install --form plugin --scope user` stages the pack's plugin
// folder in `<stage><name>/` below the home, recorded file by file in the lock like any install; with
// `--activate` the CLI's own command installs the staged folder and the lock records that it did. Pure.
import type { HomePluginForm } from './install-declaration.js';

/** A plugin name the CLIs accept and that names a plain folder, or `undefined`. */
export function homePluginName(name: unknown): string | undefined {
  return typeof name === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? name : undefined;
}

/**
 * The folder name a pack's plugin is staged under: the pack name, a leading `@` dropped and `/` as `+`
 * (`@acme/pack` → `acme+pack`); `undefined` when that is no plain folder name.
 */
export function stagedName(pack: string): string | undefined {
  const name = pack.replace(/^@/, '').replaceAll('/', '+');
  return /^[A-Za-z0-9][A-Za-z0-9._+-]*$/.test(name) ? name : undefined;
}

/** The staged folder of a pack's plugin below the home, e.g. `.gemini/skillpack-extensions/my-pack/`. */
export function stagedFolder(form: HomePluginForm, pack: string): string | undefined {
  const name = stagedName(pack);
  return name === undefined ? undefined : `${form.stage}${name}/`;
}

/** Where a pack file of the plugin form is staged, or `undefined` when it is not part of the plugin. */
export function stagedPath(form: HomePluginForm, pack: string, packPath: string): string | undefined {
  const folder = stagedFolder(form, pack);
  if (folder === undefined || !packPath.startsWith(form.source) || packPath.length === form.source.length)
    return undefined;
  return folder + packPath.slice(form.source.length);
}

/** The absolute staged folder (no trailing `/`, `/` separators) of a pack's plugin in `home`. */
export function stagedAbsolute(form: HomePluginForm, home: string, pack: string): string {
  return `${home.replaceAll('\\', '/').replace(/\/$/, '')}/${(stagedFolder(form, pack) ?? '').replace(/\/$/, '')}`;
}

/** Where the runtime's CLI keeps the installed copy (absolute): `{name}` the plugin, `{folder}` the staged folder's name. */
export function installedAbsolute(form: HomePluginForm, home: string, pack: string, name: string): string {
  const relative = form.installed.replaceAll('{name}', name).replaceAll('{folder}', stagedName(pack) ?? '');
  return `${home.replaceAll('\\', '/').replace(/\/$/, '')}/${relative.replace(/\/$/, '')}`;
}

/** The CLI arguments of `register` (the staged folder) or `unregister` (the plugin's name). */
export function homePluginArgs(
  form: HomePluginForm,
  direction: 'register' | 'unregister',
  values: { readonly path: string; readonly name: string },
): string[] {
  return form[direction].map((arg) =>
    arg.replaceAll('{path}', values.path).replaceAll('{name}', values.name),
  );
}

/**
 * The exact commands that install the staged plugin, as a user without `--activate` is told: `replace` when the
 * CLI holds a copy of earlier files, which it uninstalls first.
 */
export function homePluginSteps(
  form: HomePluginForm,
  cli: string,
  values: { readonly path: string; readonly name: string },
  replace = false,
): string[] {
  const quote = (value: string) =>
    /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
  const env = Object.entries(form.registerEnv).map(([key, value]) => `${key}=${quote(value)} `);
  const command = (direction: 'register' | 'unregister') =>
    [cli, ...homePluginArgs(form, direction, values)].map(quote).join(' ');
  return [...(replace ? [command('unregister')] : []), `${env.join('')}${command('register')}`];
}

/** The name in a plugin manifest's text (`{"name": …}`), or `undefined` when it has none usable. */
export function manifestPluginName(text: string): string | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return json !== null && typeof json === 'object' && !Array.isArray(json)
      ? homePluginName((json as { name?: unknown }).name)
      : undefined;
  } catch {
    return undefined;
  }
}
