import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png, svg } from "../fixtures/images.ts";
import { startS3Standin, type S3Standin } from "../setup/s3-standin.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * MEDIA_S3_URL: the media library keeps its bytes in an S3-compatible bucket instead of the
 * database. The bucket here is a local stand-in that speaks S3's object calls and checks each
 * request's Signature Version 4 itself; the app signs with its real client code.
 */

let bucket: S3Standin;
let server: TestServer;
let editor: TestClient;
beforeAll(async () => {
  bucket = await startS3Standin();
  server = await startTestServer({ MEDIA_S3_URL: bucket.url() });
  editor = await signedUpClient(server, "bucket-editor@example.com", "quiet-harbor-42", { role: "Editor" });
});
afterAll(async () => {
  await server?.close();
  await bucket?.close();
});

async function upload(client: TestClient, bytes: Buffer, fileName: string) {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(bytes)]), fileName);
  const response = await client.fetch("/api/media", { method: "POST", body });
  return { status: response.status, body: (await response.json()) as any };
}

describe("media in an S3-compatible bucket", () => {
  let file: { id: string; url: string };

  it("puts the original and its resized copies in the bucket under the URL's prefix, none in the database", async () => {
    const bytes = await png(700, 350);
    const { status, body } = await upload(editor, bytes, "bucket-photo.png");
    expect(status).toBe(201);
    file = body.item;
    const keys = [...bucket.objects.keys()].sort();
    expect(keys).toEqual([`site-a/${file.id}/original`, `site-a/${file.id}/w160.webp`, `site-a/${file.id}/w320.webp`, `site-a/${file.id}/w640.webp`]);
    expect(bucket.objects.get(`site-a/${file.id}/original`)).toMatchObject({ contentType: "image/png" });
    expect(bucket.objects.get(`site-a/${file.id}/original`)!.body.equals(bytes)).toBe(true);
    const blobs = await server.services.db.selectFrom("media_blobs").select("key").execute();
    expect(blobs).toEqual([]);
    const row = await server.services.db.selectFrom("media_files").select("storage").where("id", "=", file.id).executeTakeFirstOrThrow();
    expect(row.storage).toBe("s3");
  });

  it("serves them from the bucket, with the same immutable caching", async () => {
    const original = await server.client().fetch(file.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await original.arrayBuffer()).equals(bucket.objects.get(`site-a/${file.id}/original`)!.body)).toBe(true);
    const copy = await server.client().fetch(file.url.replace(/\.png$/, ".w320.webp"));
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 320, height: 160 });
  });

  it("removes the objects after a delete, as queued work", async () => {
    const deleted = await editor.json("DELETE", `/api/media/${file.id}`);
    expect(deleted.status).toBe(200);
    expect((await server.client().fetch(file.url)).status).toBe(404);
    await server.drainJobs();
    expect([...bucket.objects.keys()].filter((key) => key.includes(file.id))).toEqual([]);
    // The original, its three resized copies, and the two square crops it may have (decision 0039).
    const deletes = bucket.log.filter((line) => line.startsWith("DELETE"));
    expect(deletes).toHaveLength(6);
    expect(deletes.filter((line) => line.includes("/crop-square"))).toHaveLength(2);
  });

  it("stores nothing when the bucket refuses the request (a wrong secret): the upload fails and no file appears", async () => {
    const wrong = await startTestServer({ MEDIA_S3_URL: bucket.url("not-the-secret") }, { databaseUrl: server.databaseUrl });
    try {
      const other = await signedUpClient(wrong, "wrong-secret@example.com", "quiet-harbor-42", { role: "Editor" });
      const before = bucket.objects.size;
      const { status, body } = await upload(other, svg(), "refused.svg");
      expect(status).toBe(500);
      expect(body.error).toMatch(/^Something went wrong on our side\. Reference: /);
      expect(bucket.log.at(-1)).toMatch(/^PUT .* 403$/);
      expect(bucket.objects.size).toBe(before);
      const rows = await wrong.services.db.selectFrom("media_files").select("name").where("name", "=", "refused.svg").execute();
      expect(rows).toEqual([]);
    } finally {
      await wrong.close();
    }
  });

  it("keeps serving files stored in the database before the bucket was set", async () => {
    const plain = await startTestServer({}, { databaseUrl: server.databaseUrl });
    let url: string;
    try {
      const other = await signedUpClient(plain, "before-bucket@example.com", "quiet-harbor-42", { role: "Editor" });
      url = (await upload(other, svg('<circle cx="30" cy="30" r="20"/>'), "in-the-database.svg")).body.item.url;
    } finally {
      await plain.close();
    }
    const response = await server.client().fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<circle");
  });
});
