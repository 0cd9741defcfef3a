import { describe, expect, it } from "vitest";
import { isScannerPath } from "./scanner.ts";

describe("obvious scanners", () => {
  it("spots probes for software and files this site does not serve", () => {
    for (const path of ["/wp-admin", "/wp-login.php", "/wp-content/plugins/x", "/xmlrpc.php", "/index.php", "/.env", "/.git/config", "/cgi-bin/luci", "/phpmyadmin", "/vendor/phpunit/x", "/backup.sql", "/%2Eenv"]) {
      expect(isScannerPath(path), path).toBe(true);
    }
  });

  it("leaves the paths people and search engines ask for", () => {
    for (const path of ["/old-page", "/blog/php-tips", "/services/seo", "/.well-known/security.txt", "/pricing", "/blog/tag/wordpress"]) {
      expect(isScannerPath(path), path).toBe(false);
    }
  });
});
