import { connect } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Migrator } from "kysely/migration";
import { sections } from "~/content/registry/sections.ts";
import { openDatabase } from "~/db/db.server.ts";
import { migrations } from "~/db/migrations/index.ts";
import { avif, gif, jpeg, png, sidewaysPhoto, svg, webp } from "../fixtures/images.ts";
import { freshDatabase, signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The media library over HTTP, on SQLite and on PostgreSQL: uploads of each type (the type read
 * from the bytes), the size limit, SVG sanitising, serving with immutable caching and resized
 * copies, image fields that must name a real file, deleting refused while a section uses a file,
 * who may do what, and a second server process on the same database.
 */

let server: TestServer;
let editor: TestClient;
let customer: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  // A 1 MB limit keeps the too-large bodies small.
  server = await startTestServer({ MEDIA_MAX_MB: "1" });
  editor = await signedUpClient(server, "picture-editor@example.com", "quiet-harbor-42", { role: "Editor" });
  customer = await signedUpClient(server, "picture-customer@example.com");
  visitor = server.client();
});
afterAll(async () => server?.close());

const MEDIA_URL = /^\/media\/[0-9a-f]{32}-(\d+)x(\d+)-[a-z0-9-]+\.(png|jpg|webp|avif|svg)$/;

/** Posts a file as a browser's FormData does. */
async function upload(client: TestClient, bytes: Buffer, fileName: string, type = "application/octet-stream") {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await client.fetch("/api/media", { method: "POST", body });
  return { status: response.status, body: (await response.json()) as any };
}

const libraryTotal = async () => (await editor.json("GET", "/api/media?pageSize=1")).body.total as number;

async function fetchFile(path: string, client = visitor) {
  const response = await client.fetch(path);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("uploading", () => {
  it("takes a PNG, JPEG, WebP and AVIF, each stored as sent and served with its type and a year of immutable caching", async () => {
    const files = [
      { bytes: await png(), name: "Team photo (2).PNG", type: "image/png", size: "1200x800", ext: "png" },
      { bytes: await jpeg(), name: "office.jpg", type: "image/jpeg", size: "640x480", ext: "jpg" },
      { bytes: await webp(), name: "chart.webp", type: "image/webp", size: "400x300", ext: "webp" },
      { bytes: await avif(), name: "hero.avif", type: "image/avif", size: "300x200", ext: "avif" },
    ];
    for (const file of files) {
      const { status, body } = await upload(editor, file.bytes, file.name, file.type);
      expect(status, file.name).toBe(201);
      expect(body.created).toBe(true);
      expect(body.message).toBe(`${file.name} is uploaded (${file.size.replace("x", " × ")}).`);
      expect(body.item.url).toMatch(MEDIA_URL);
      expect(body.item.url).toContain(`-${file.size}-`);
      expect(body.item.url.endsWith(`.${file.ext}`)).toBe(true);
      const { response, bytes } = await fetchFile(body.item.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(file.type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(bytes.equals(file.bytes), `${file.name} served byte for byte`).toBe(true);
    }
    expect((await upload(editor, files[0]!.bytes, "x.png")).body.item.url).toMatch(/-team-photo-2\.png$/);
  });

  it("answers the file already there when the same bytes come again", async () => {
    const bytes = await png(320, 200);
    const first = await upload(editor, bytes, "first.png");
    const before = await libraryTotal();
    const again = await upload(editor, bytes, "second-name.png");
    expect(again.status).toBe(201);
    expect(again.body.created).toBe(false);
    expect(again.body.message).toBe("first.png is already in the library; nothing was added.");
    expect(again.body.item.url).toBe(first.body.item.url);
    expect(await libraryTotal()).toBe(before);
  });

  it("reads the type from the bytes: a GIF named .png, text named .jpg and a PDF named .webp are refused, nothing stored", async () => {
    const before = await libraryTotal();
    const disguised = [
      { bytes: gif(), name: "photo.png", type: "image/png", says: "photo.png is not a PNG, JPEG, WebP, AVIF or SVG image: its content is a GIF image." },
      { bytes: Buffer.from("just some words\n"), name: "notes.jpg", type: "image/jpeg", says: "notes.jpg is not a PNG, JPEG, WebP, AVIF or SVG image." },
      { bytes: Buffer.from("%PDF-1.7\n%…"), name: "brochure.webp", type: "image/webp", says: "brochure.webp is not a PNG, JPEG, WebP, AVIF or SVG image: its content is a PDF document." },
    ];
    for (const file of disguised) {
      const { status, body } = await upload(editor, file.bytes, file.name, file.type);
      expect(status, file.name).toBe(400);
      expect(body.fields.file).toBe(file.says);
    }
    // A PNG signature in front of nothing that decodes: damaged, not an image.
    const broken = Buffer.concat([(await png(64, 64)).subarray(0, 60)]);
    const { status, body } = await upload(editor, broken, "broken.png", "image/png");
    expect(status).toBe(400);
    expect(body.fields.file).toMatch(/broken\.png could not be read as a PNG image/);
    expect(await libraryTotal()).toBe(before);
  });

  it("asks for a file when there is none, and for multipart when the body is JSON", async () => {
    const empty = new FormData();
    empty.append("note", "no file here");
    const none = await editor.fetch("/api/media", { method: "POST", body: empty });
    expect(none.status).toBe(400);
    expect((await none.json()).fields.file).toBe("Choose an image file to upload.");
    const json = await editor.json("POST", "/api/media", { file: "x" });
    expect(json.status).toBe(400);
    expect(json.body.fields.file).toBe('Send the image as multipart/form-data, in a field named "file".');
  });

  it("turns a sideways photo upright and drops its camera and GPS data", async () => {
    const { status, body } = await upload(editor, await sidewaysPhoto(), "holiday.jpg", "image/jpeg");
    expect(status).toBe(201);
    expect(body.item).toMatchObject({ width: 400, height: 600 });
    const { bytes } = await fetchFile(body.item.url);
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation ?? 1, exif: meta.exif }).toEqual({ width: 400, height: 600, orientation: 1, exif: undefined });
    expect(bytes.includes("PhoneMaker")).toBe(false);
  });
});

describe("the size limit (MEDIA_MAX_MB=1)", () => {
  const overLimit = async () => Buffer.concat([await png(64, 64), randomBytes(1_200_000)]);
  const randomBytes = (n: number) => {
    const bytes = Buffer.alloc(n);
    for (let i = 0; i < n; i++) bytes[i] = (i * 2654435761) >>> 24;
    return bytes;
  };

  it("refuses a larger file with 413 and a message that says the limit; nothing is stored", async () => {
    const before = await libraryTotal();
    const { status, body } = await upload(editor, await overLimit(), "huge.png", "image/png");
    expect(status).toBe(413);
    expect(body.error).toMatch(/^The file is larger than 1 MB\. Make it smaller/);
    expect(body.fields.file).toBe(body.error);
    expect(await libraryTotal()).toBe(before);
  });

  /** Sends a request's head and part of its body on a raw socket; resolves with what the server answers before the body is complete. */
  function answerBeforeBodyEnds(head: string[], chunks: Buffer[]): Promise<{ answer: string; closed: boolean }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer while the body was still coming; got: ${answer.slice(0, 200)}`));
      }, 10_000);
      socket.on("connect", () => {
        socket.write(`${head.join("\r\n")}\r\n\r\n`);
        for (const chunk of chunks) socket.write(chunk);
        // The body is never finished: an answer can only come from a server that stopped reading.
      });
      socket.on("data", (data) => (answer += data.toString("latin1")));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearTimeout(timer);
        resolve({ answer, closed: true });
      });
    });
  }

  it("refuses a body that says it is 50 MB before reading it, and closes the connection", async () => {
    const { port } = new URL(server.url);
    const { answer, closed } = await answerBeforeBodyEnds(
      [
        "POST /api/media HTTP/1.1",
        `Host: localhost:${port}`,
        `Cookie: ${editor.cookieHeader()}`,
        "Content-Type: multipart/form-data; boundary=XYZ",
        `Content-Length: ${50 * 1024 * 1024}`,
      ],
      [Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n'), randomBytes(64 * 1024)],
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/connection: close/i);
    expect(closed).toBe(true);
  });

  it("stops reading a chunked body of unknown length at the limit, answers 413 and closes", async () => {
    const { port } = new URL(server.url);
    const chunk = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
    const parts = [chunk(Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n'))];
    for (let i = 0; i < 20; i++) parts.push(chunk(randomBytes(64 * 1024)));
    const { answer, closed } = await answerBeforeBodyEnds(
      ["POST /api/media HTTP/1.1", `Host: localhost:${port}`, `Cookie: ${editor.cookieHeader()}`, "Content-Type: multipart/form-data; boundary=XYZ", "Transfer-Encoding: chunked"],
      parts,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("The file is larger than 1 MB");
    expect(closed).toBe(true);
  });
});

describe("SVG", () => {
  it("is sanitised: scripts, event handlers, outside links and foreignObject go; the drawing stays", async () => {
    const hostile = svg(
      '<script>alert(1)</script><rect width="10" height="10" fill="#3730a3" onclick="alert(2)"/>' +
        '<a href="javascript:alert(3)"><text x="5" y="30">Rank&#160;well</text></a>' +
        '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"></iframe></foreignObject>' +
        '<image href="https://evil.example/track.png" width="1" height="1"/>',
    );
    const { status, body } = await upload(editor, hostile, "logo.svg", "image/svg+xml");
    expect(status).toBe(201);
    expect(body.item.url).toMatch(/-120x60-logo\.svg$/);
    expect(body.message).toMatch(/Removed from the SVG for safety: .*<script>/);
    const { response, bytes } = await fetchFile(body.item.url);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    const served = bytes.toString("utf8");
    for (const gone of ["<script", "alert", "onclick", "javascript:", "foreignObject", "iframe", "evil.example"]) expect(served, gone).not.toContain(gone);
    expect(served).toContain('<rect width="10" height="10" fill="#3730a3"');
    expect(served).toContain("Rank&#160;well");
    // Still a drawable SVG document on its own.
    expect((await sharp(bytes).metadata()).format).toBe("svg");
  });

  it("refuses an SVG that is not one", async () => {
    const { status, body } = await upload(editor, Buffer.from("<svg><<<"), "bad.svg", "image/svg+xml");
    expect(status).toBe(400);
    expect(body.fields.file).toBe("bad.svg is not a valid SVG image.");
  });
});

describe("serving", () => {
  let photo: { url: string; id: string };
  beforeAll(async () => {
    photo = (await upload(editor, await png(1000, 500), "wide.png", "image/png")).body.item;
  });

  it("serves resized WebP copies at the widths below the original, immutable too", async () => {
    for (const width of [160, 320, 640, 960]) {
      const { response, bytes } = await fetchFile(photo.url.replace(/\.png$/, `.w${width}.webp`));
      expect(response.status, `w${width}`).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width, height: width / 2 });
    }
  });

  it("answers 404 to a width it does not make, to wrong dimensions and to a made-up file", async () => {
    const missing = [
      photo.url.replace(/\.png$/, ".w1280.webp"),
      photo.url.replace(/\.png$/, ".w500.webp"),
      photo.url.replace("-1000x500-", "-1000x501-"),
      photo.url.replace(/-wide\.png$/, "-other.png"),
      `/media/${"0".repeat(32)}-10x10-nothing.png`,
    ];
    for (const path of missing) expect((await visitor.fetch(path)).status, path).toBe(404);
  });

  it("answers 304 to a browser that has it", async () => {
    const first = await visitor.fetch(photo.url);
    const etag = first.headers.get("etag")!;
    const again = await visitor.fetch(photo.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves the same files from a second server process on the same database", async () => {
    const second = await startTestServer({ MEDIA_MAX_MB: "1" }, { databaseUrl: server.databaseUrl });
    try {
      const original = await fetchFile(photo.url, second.client());
      expect(original.response.status).toBe(200);
      expect(original.bytes.equals((await fetchFile(photo.url)).bytes)).toBe(true);
      expect((await second.client().fetch(photo.url.replace(/\.png$/, ".w320.webp"))).status).toBe(200);
      // And a file uploaded there is served here.
      const other = await signedUpClient(second, "second-process@example.com", "quiet-harbor-42", { role: "Editor" });
      const there = await upload(other, await jpeg(200, 100), "elsewhere.jpg");
      expect((await visitor.fetch(there.body.item.url)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe("image fields", () => {
  const banner = (imageOne: string) => ({ bannerHeading: "Pictures", bannerText: "that load", bannerDetails: "Every time.", imageOne, buttonText: "Go", buttonURL: "/pricing/" });
  let bannerId: string;
  let picture: { id: string; url: string; name: string };

  beforeAll(async () => {
    picture = (await upload(editor, await png(1280, 720), "banner-photo.png")).body.item;
  });

  it("refuse a site path that is no library file, naming the field; nothing is stored", async () => {
    for (const path of ["/images/nothing.png", "/images/banner.svg", `/media/${"a".repeat(32)}-1280x720-banner-photo.png`, picture.url.replace(".png", ".w640.webp")]) {
      const { status, body } = await editor.json("POST", `/api${sections.banner.api.create}`, banner(path));
      expect(status, path).toBe(400);
      expect(body.fields.imageOne).toBe(`Image: ${path} is not an image in the media library. Upload it or choose it from the library, or give a full https:// address.`);
    }
    expect((await editor.json("GET", `/api${sections.banner.api.list}`)).body).toEqual([]);
  });

  it("refuse it on the admin form too, next to the field", async () => {
    const response = await editor.form("/edit-banner", { _intent: "publish", _section: "banner", ...banner("/images/nothing.png") });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Image: /images/nothing.png is not an image in the media library.");
  });

  it("take a library file or a full address", async () => {
    const created = await editor.json("POST", `/api${sections.banner.api.create}`, banner(picture.url));
    expect(created.status).toBe(201);
    bannerId = created.body.item._id;
    const outside = await editor.json("PUT", `/api/update-banner/${bannerId}`, banner("https://images.example.com/banner.jpg"));
    expect(outside.status).toBe(200);
    expect((await editor.json("PUT", `/api/update-banner/${bannerId}`, banner(picture.url))).status).toBe(200);
  });

  it("draw a library image with its own width and height and its resized copies, from the URL alone", async () => {
    const { html } = await visitor.page("/");
    const img = html.match(new RegExp(`<img src="${picture.url}"[^>]*>`))?.[0];
    expect(img).toBeDefined();
    expect(img).toContain('width="1280"');
    expect(img).toContain('height="720"');
    const base = picture.url.replace(/\.png$/, "");
    expect(img).toContain(`srcSet="${base}.w160.webp 160w, ${base}.w320.webp 320w, ${base}.w640.webp 640w, ${base}.w960.webp 960w, ${picture.url} 1280w"`);
    expect(img).toMatch(/sizes="\(max-width: \d+px\) 100vw, \d+px"/);
  });

  it("keep their file: deleting it is refused with 409, naming the section and field that use it", async () => {
    const refused = await editor.json("DELETE", `/api/media/${picture.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("banner-photo.png is used by Banner (Image). Choose another image there first, then delete this one.");
    expect((await visitor.fetch(picture.url)).status).toBe(200);
    // The library screen says where it is used, with a link to that record's edit screen.
    const { html } = await editor.page("/admin/media?q=banner-photo");
    expect(html).toContain(`href="/banner/${bannerId}"`);
  });

  it("names list entries by their title", async () => {
    const icon = (await upload(editor, await png(64, 64), "icon.png")).body.item;
    const item = await editor.json("POST", `/api${sections.serviceItems.api.create}`, { serviceIcon: icon.url, serviceTitle: "Keyword research", serviceDetails: "Found." });
    expect(item.status).toBe(201);
    const refused = await editor.json("DELETE", `/api/media/${icon.id}`);
    expect(refused.body.error).toBe("icon.png is used by Service items: “Keyword research” (Icon). Choose another image there first, then delete this one.");
  });

  it("are kept by a draft too, and a trashed item whose file left the library is restored only with another", async () => {
    const drafted = (await upload(editor, await png(300, 200), "in-a-draft.png")).body.item;
    const saved = await editor.form(`/banner/${bannerId}`, { _intent: "draft", _section: "banner", ...banner(drafted.url) });
    expect(saved.status).toBe(200);
    // The draft is not live, but it is meant to be: its file stays.
    const refused = await editor.json("DELETE", `/api/media/${drafted.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("in-a-draft.png is used by Banner (Image). Choose another image there first, then delete this one.");
    expect((await editor.form(`/banner/${bannerId}`, { _intent: "discard", _section: "banner" })).status).toBeLessThan(400);
    expect((await editor.json("GET", "/api/media/" + drafted.id)).status).toBe(200);

    // A list item in the trash does not hold its file; restoring it then names the field.
    const icon = (await upload(editor, await png(48, 48), "trashed-icon.png")).body.item;
    const item = (await editor.json("POST", `/api${sections.serviceItems.api.create}`, { serviceIcon: icon.url, serviceTitle: "Link building", serviceDetails: "Links." })).body.item;
    expect((await editor.json("DELETE", `/api/service-item/${item._id}`)).status).toBe(200);
    expect((await editor.json("DELETE", `/api/media/${icon.id}`)).status).toBe(200);
    const restore = await editor.form("/admin/trash", { _intent: "restore", _id: item._id });
    expect(restore.status).toBe(400);
    expect(await restore.text()).toContain(`Icon: ${icon.url} is not an image in the media library.`);
  });

  it("let a file go once nothing uses it: deleted, it is no longer served", async () => {
    expect((await editor.json("PUT", `/api/update-banner/${bannerId}`, banner("https://images.example.com/banner.jpg"))).status).toBe(200);
    const deleted = await editor.json("DELETE", `/api/media/${picture.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("banner-photo.png is deleted");
    expect((await visitor.fetch(picture.url)).status).toBe(404);
    expect((await visitor.fetch(picture.url.replace(/\.png$/, ".w640.webp"))).status).toBe(404);
    expect((await editor.json("DELETE", `/api/media/${picture.id}`)).status).toBe(404);
    const reuse = await editor.json("PUT", `/api/update-banner/${bannerId}`, banner(picture.url));
    expect(reuse.status).toBe(400);
  });
});

describe("the library screen", () => {
  it("uploads through a plain multipart form (no script) and lists the file", async () => {
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(await png(500, 250))], { type: "image/png" }), "from-the-screen.png");
    const response = await editor.fetch("/admin/media", { method: "POST", body });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("from-the-screen.png is uploaded (500 × 250).");
    expect(html).toMatch(/<h1[^>]*>Media library<\/h1>/);
    expect((await editor.page("/admin/media?q=from-the-screen")).html).toMatch(/value="\/media\/[0-9a-f]{32}-500x250-from-the-screen\.png"/);
  });

  it("shows the refusal next to the file input", async () => {
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(gif())], { type: "image/png" }), "fake.png");
    const response = await editor.fetch("/admin/media", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("fake.png is not a PNG, JPEG, WebP, AVIF or SVG image: its content is a GIF image.");
  });

  it("searches by name", async () => {
    const { html } = await editor.page("/admin/media?q=FROM-THE");
    expect(html).toContain("from-the-screen.png");
    expect(html).not.toContain("office.jpg");
    const api = await editor.json("GET", "/api/media?q=from-the&pageSize=5");
    expect(api.body.items.map((f: { name: string }) => f.name)).toEqual(["from-the-screen.png"]);
    expect(api.body.maxBytes).toBe(1024 * 1024);
  });
});

describe("who may", () => {
  it("lets an Editor in, sends a customer away with 403 and a visitor to sign in; the files themselves are public", async () => {
    const bytes = await png(90, 90);
    expect((await upload(customer, bytes, "mine.png")).status).toBe(403);
    expect((await upload(visitor, bytes, "mine.png")).status).toBe(401);
    expect((await customer.json("GET", "/api/media")).status).toBe(403);
    expect((await visitor.json("GET", "/api/media")).status).toBe(401);
    const file = (await upload(editor, bytes, "editors.png")).body.item;
    expect((await customer.json("DELETE", `/api/media/${file.id}`)).status).toBe(403);
    expect((await customer.page("/admin/media")).status).toBe(403);
    expect((await visitor.page("/admin/media")).location).toMatch(/^\/login\?redirectTo=/);
    expect((await editor.page("/admin/media")).status).toBe(200);
    expect((await visitor.fetch(file.url)).status).toBe(200);
  });
});

describe("demo images of sites seeded before the library", () => {
  /** A record as an old version seeded it: a demo image at its old path. */
  const legacyMember = (id: string, image: string) => {
    const now = new Date().toISOString();
    return { id, section: "teamMembers", singleton_key: null, position: 99, data: JSON.stringify({ teamMemberImg: `/images/${image}.svg`, teamMemberName: "Old demo", teamMemberTitle: "Seeded" }), created_at: now, updated_at: now, updated_by: "demo-content" };
  };

  it("are put into the library on the first start of this version, and no later start looks for them again", async () => {
    // A database as the version before the data steps left it: migrated up to 080, old paths in it.
    const database = await freshDatabase();
    const { url } = database;
    const { db } = openDatabase(url.startsWith("file:") ? { kind: "sqlite", file: url.slice(5) } : { kind: "postgres", url });
    const imageOf = async (id: string) => JSON.parse((await db.selectFrom("content_items").select("data").where("id", "=", id).executeTakeFirstOrThrow()).data).teamMemberImg as string;
    let upgraded: TestServer | undefined;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("080_unique_plan_names")).error).toBeUndefined();
      await db.insertInto("content_items").values(legacyMember("00000000000000000000dead", "team-1")).execute();

      upgraded = await startTestServer({}, { databaseUrl: url });
      const adopted = await imageOf("00000000000000000000dead");
      expect(adopted).toMatch(/^\/media\/[0-9a-f]{32}-160x160-team-1\.svg$/);
      expect((await upgraded.client().fetch(adopted)).status).toBe(200);
      expect(await db.selectFrom("data_steps").select("name").where("name", "not like", "auth-tables %").execute()).toEqual([{ name: "adopt_demo_images" }]);

      // The next start does not scan: an old path that turns up now (written here by hand) stays.
      await db.insertInto("content_items").values(legacyMember("00000000000000000000beef", "team-2")).execute();
      const restarted = await upgraded.app.createServices(upgraded.services.config);
      await restarted.db.destroy();
      expect(await imageOf("00000000000000000000beef")).toBe("/images/team-2.svg");
      expect(await imageOf("00000000000000000000dead")).toBe(adopted);
    } finally {
      await upgraded?.close();
      await db.destroy();
      await database.drop();
    }
  });
});
