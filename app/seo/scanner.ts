/**
 * Obvious scanners: requests for software this site does not run (WordPress, PHP, CGI, admin
 * tools) or for files no site should serve (.env, .git). The 404 monitor counts them apart, so
 * the missing URLs people and search engines ask for are not buried under them.
 */
const SCANNER_PATTERNS: readonly RegExp[] = [
  /^\/wp-/i, // wp-admin, wp-login.php, wp-content, wp-includes, wp-json
  /\/(wordpress|wp)\//i,
  /xmlrpc/i,
  /\.(php\d?|phtml|asp|aspx|jsp|cgi|pl|env|ini|sql|bak|old|swp|log|yml|yaml|config)$/i,
  /(^|\/)\.(?!well-known\/)[^/]/i, // dotfiles and folders: /.env, /.git/config, /.aws, /.DS_Store
  /^\/cgi-bin/i,
  /phpmyadmin|\/pma\b|\/myadmin/i,
  /^\/vendor\//i,
  /^\/(boaform|hnap1|actuator|server-status|solr|console|owa|autodiscover|remote|telescope|_ignition|manager\/html)\b/i,
];

/** True for a path an obvious scanner probes (its query already dropped). */
export function isScannerPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge it as sent.
  }
  return SCANNER_PATTERNS.some((pattern) => pattern.test(decoded));
}
