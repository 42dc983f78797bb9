/**
 * A dynamic import that remembers its module once it has arrived.
 * `loader()` imports it (the browser fetches a chunk once however often it is asked);
 * `loader.loaded()` is the module when an earlier import has finished, else undefined, so a lazy
 * page whose code came early (the landing page's, asked for before React rendered, or the pages
 * after sign-in, fetched while the user typed) can show at once instead of suspending.
 */
export interface ModuleLoader<M> {
  (): Promise<M>;
  loaded(): M | undefined;
}

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let module: M | undefined;
  const load = () =>
    importer().then((m) => {
      module = m;
      return m;
    });
  return Object.assign(load, { loaded: () => module });
}
