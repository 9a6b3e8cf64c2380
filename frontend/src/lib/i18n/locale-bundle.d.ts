/** One language of every namespace, made at build time by build/locale-bundles.ts. */
declare module 'virtual:locale-bundle/*' {
  const bundle: Record<string, Record<string, unknown>>;
  export default bundle;
}

/** The file names under src/locales: the namespaces. */
declare module 'virtual:locale-namespaces' {
  const namespaces: string[];
  export default namespaces;
}
