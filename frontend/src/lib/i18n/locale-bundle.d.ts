/** One language of one namespace, made at build time by build/locale-bundles.ts. */
declare module 'virtual:locale-bundle/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** The file names under src/locales: the namespaces. */
declare module 'virtual:locale-namespaces' {
  const namespaces: string[];
  export default namespaces;
}

/** language → namespace → its chunk's import. */
declare module 'virtual:locale-loaders' {
  const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
  export default loaders;
}
