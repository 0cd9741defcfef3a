/** Copies better-auth's Set-Cookie headers onto our own redirect. */
export function withCookies(target: Response, from: Response): Response {
  for (const cookie of from.headers.getSetCookie()) target.headers.append("Set-Cookie", cookie);
  return target;
}
