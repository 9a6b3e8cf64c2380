export declare const SHELL_NAMESPACES: readonly string[];
export interface FirstScreen {
  modules: readonly string[];
  namespaces: readonly string[];
  signedInRequests?: readonly string[];
  when?: 'signed-in';
}
export declare const FIRST_SCREENS: Record<string, FirstScreen>;
export declare const FIRST_SCREEN_ALIASES: Record<string, readonly [signedIn: string, signedOut: string]>;
