import { Router } from "express";
import type { Services } from "~/services.server.ts";

/** A year, and never revalidated: a media URL names its bytes (their hash), so they never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The media library's files at /media/… (originals and resized copies), for everyone: they are
 * what the public pages show. Unknown names fall through to the site's 404 page. SVGs carry a
 * policy of their own: opened directly they are a document, and may run nothing and load nothing.
 */
export function mediaFiles(services: Services): Router {
  const router = Router();
  router.get("/:name", async (req, res, next) => {
    const file = await services.media.read(`/media/${req.params.name}`);
    if (!file) return next();
    if ("movedTo" in file) {
      // A crop around an earlier focal point: the current one, not remembered (it moves again).
      res.setHeader("Cache-Control", "no-cache");
      res.redirect(302, file.movedTo);
      return;
    }
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("ETag", file.etag);
    if (file.contentType === "image/svg+xml") res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    if (req.headers["if-none-match"] === file.etag) {
      res.status(304).end();
      return;
    }
    res.type(file.contentType).send(file.bytes);
  });
  return router;
}
