/**
 * Whether a request carries better-auth's session cookie (`better-auth.session_token`, `__Secure-`
 * prefixed on https). Without it nobody is signed in: the page cache may answer, and the viewer is
 * anonymous without loading better-auth.
 */
export const hasSessionCookie = (cookieHeader: string | null | undefined) => !!cookieHeader && /(^|;\s*)(__Secure-)?better-auth\.session_(token|data)=/.test(cookieHeader);
