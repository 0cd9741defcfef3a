import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "../auth/session-cookie.ts";
import { harmlessQueryParam } from "./cached-pages.ts";

describe("who the page cache answers", () => {
  it("recognises better-auth's session cookie, on http and https, among others", () => {
    expect(hasSessionCookie("better-auth.session_token=abc")).toBe(true);
    expect(hasSessionCookie("theme=dark; __Secure-better-auth.session_token=abc")).toBe(true);
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("theme=dark; not-better-auth.session_token_x=1")).toBe(false);
  });

  it("ignores campaign tags only", () => {
    expect(["utm_source", "utm_campaign", "gclid", "fbclid"].every(harmlessQueryParam)).toBe(true);
    expect(["subscribed", "preview", "page", "_routes"].some(harmlessQueryParam)).toBe(false);
  });
});
