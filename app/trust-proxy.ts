import { isIP } from "node:net";

/**
 * TRUST_PROXY in Express's own forms ("trust proxy" setting), but never "trust every hop": with
 * `true`, Express takes the left-most X-Forwarded-For address, which the client writes itself,
 * so each request could claim a new address and per-IP limits would count nothing.
 *
 * - `false`, `off`, `0` or unset: the socket's address is the client (no proxy in front).
 * - a hop count (`1`, `2`): that many proxies in front; the address the outermost one saw wins.
 * - a comma-separated list of proxy addresses and subnets (`10.0.0.0/8`, `::1`), or Express's
 *   names `loopback`, `linklocal`, `uniquelocal`: those hops are trusted, the first other one wins.
 */
export type TrustProxy = false | number | string[];

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** The setting for Express, or a sentence saying what is wrong with `value`. */
export function parseTrustProxy(value: string): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "off" || v === "0") return { ok: true, value: false };
  if (v === "true" || v === "on") {
    return {
      ok: false,
      message: "`true` would trust every hop, letting any client choose its address; give the number of proxies in front (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)",
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? { ok: true, value: hops } : { ok: false, message: "a hop count must be between 0 and 10" };
  }
  const entries = v.split(",").map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !NAMES.has(e) && !isAddressOrSubnet(e));
  if (bad.length || entries.length === 0) {
    return { ok: false, message: `not a hop count, proxy address, subnet or one of loopback, linklocal, uniquelocal: ${bad.join(", ") || value}` };
  }
  return { ok: true, value: entries };
}

function isAddressOrSubnet(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  // A prefix length, or an IPv4 netmask (255.255.0.0) as Express accepts.
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}
