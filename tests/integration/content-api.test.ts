import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allSections } from "~/content/registry/sections.ts";
import { badValues, requiredFields, sampleValues, UNKNOWN_ID } from "../fixtures/content-samples.ts";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Every content call of every section, walked from the registry: public (or admin-only) reads,
 * admin writes with the spec's success texts, 401/403 for visitors and customers on every write,
 * 400 naming bad fields with nothing stored, 409 on a second singleton, 404 on unknown ids, and
 * delete and reorder for lists.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("reader@example.com", "editor@example.com"));
});
afterAll(async () => server?.close());

const api = (path: string, id = UNKNOWN_ID) => `/api${path.replace(":id", id)}`;
const all = allSections();

for (const def of all) {
  describe(`${def.label} (${def.key}, ${def.kind})`, () => {
    const reader = () => (def.read === "public" ? visitor : admin);
    const listAll = async () => {
      const { status, body } = await admin.json("GET", api(def.api.list));
      expect(status).toBe(200);
      return body as ({ _id: string } & Record<string, string>)[];
    };

    it(`GET ${def.api.list} answers an array ${def.read === "public" ? "to anyone" : "to admins only"}`, async () => {
      const read = await reader().json("GET", api(def.api.list));
      expect(read.status).toBe(200);
      expect(Array.isArray(read.body)).toBe(true);
      if (def.read === "Admin") {
        expect((await visitor.json("GET", api(def.api.list))).status).toBe(401);
        expect((await customer.json("GET", api(def.api.list))).status).toBe(403);
        expect((await visitor.json("GET", api(def.api.one))).status).toBe(401);
        expect((await customer.json("GET", api(def.api.one))).status).toBe(403);
      } else {
        expect((await customer.json("GET", api(def.api.list))).status).toBe(200);
      }
    });

    it("refuses every write to visitors (401) and customers (403), storing nothing", async () => {
      const body = sampleValues(def);
      const writes: [string, string, unknown][] = [
        ["POST", api(def.api.create), body],
        ["PUT", api(def.api.update), body],
      ];
      if (def.api.remove) writes.push(["DELETE", api(def.api.remove), undefined]);
      if (def.api.reorder) writes.push(["PUT", api(def.api.reorder), { ids: [] }]);
      for (const [method, path, payload] of writes) {
        const asVisitor = await visitor.json(method, path, payload);
        expect(asVisitor.status, `visitor ${method} ${path}`).toBe(401);
        expect(asVisitor.body.error).toBeTruthy();
        const asCustomer = await customer.json(method, path, payload);
        expect(asCustomer.status, `customer ${method} ${path}`).toBe(403);
        expect(asCustomer.body.error).toBe("You don't have any permission");
      }
      expect(await listAll()).toEqual([]);
    });

    it(`POST ${def.api.create} with missing or wrong fields answers 400 naming each field, storing nothing`, async () => {
      const empty = await admin.json("POST", api(def.api.create), {});
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body.fields).sort()).toEqual(requiredFields(def).sort());
      const firstRequired = requiredFields(def)[0]!;
      // The summary names the fields as the form labels them, never by their internal names.
      expect(empty.body.error).toBe(`Please check ${requiredFields(def).length === 1 ? "the field" : "these fields"}: ${requiredFields(def).map((name) => def.fields[name]!.label).join(", ")}.`);
      expect(empty.body.fields[firstRequired]).toBe(`${def.fields[firstRequired]!.label} is required`);

      const wrong = await admin.json("POST", api(def.api.create), badValues(def));
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.fields).sort()).toEqual(Object.keys(def.fields).sort());
      for (const [name, message] of Object.entries(wrong.body.fields as Record<string, string>)) {
        expect(message, name).toContain(def.fields[name]!.label);
      }
      expect(await listAll()).toEqual([]);
    });

    it(`creates (201, "${def.saved.create}"), reads and updates (200, "${def.saved.update}")`, async () => {
      const values = sampleValues(def, 1);
      const created = await admin.json("POST", api(def.api.create), values);
      expect(created.status).toBe(201);
      expect(created.body.message).toBe(def.saved.create);
      expect(created.body.item).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...values });
      const id: string = created.body.item._id;

      const one = await reader().json("GET", api(def.api.one, id));
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ _id: id, ...values });
      const list = await reader().json("GET", api(def.api.list));
      expect(list.body).toEqual([{ _id: id, ...values }]);

      const changed = sampleValues(def, 2);
      const updated = await admin.json("PUT", api(def.api.update, id), { ...changed, _id: "ignored" });
      expect(updated.status).toBe(200);
      expect(updated.body.message).toBe(def.saved.update);
      expect((await reader().json("GET", api(def.api.one, id))).body).toEqual({ _id: id, ...changed });

      // A bad update changes nothing; neither does a customer's.
      const [firstField] = Object.keys(def.fields);
      const bad = await admin.json("PUT", api(def.api.update, id), { ...changed, [firstField!]: badValues(def)[firstField!] });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields)).toEqual([firstField]);
      expect((await customer.json("PUT", api(def.api.update, id), sampleValues(def, 3))).status).toBe(403);
      expect((await reader().json("GET", api(def.api.one, id))).body).toEqual({ _id: id, ...changed });
    });

    it("answers 404 for an unknown id", async () => {
      const read = await admin.json("GET", api(def.api.one));
      expect(read.status).toBe(404);
      expect(read.body.error).toBe(`${def.label} not found`);
      expect((await admin.json("PUT", api(def.api.update), sampleValues(def))).status).toBe(404);
      if (def.api.remove) expect((await admin.json("DELETE", api(def.api.remove))).status).toBe(404);
    });

    if (def.kind === "singleton") {
      it(`refuses a second record with 409 pointing to ${def.editPath}`, async () => {
        const [existing] = await listAll();
        const second = await admin.json("POST", api(def.api.create), sampleValues(def, 3));
        expect(second.status).toBe(409);
        expect(second.body.error).toContain(def.editPath.replace(":id", existing!._id));
        expect(await listAll()).toHaveLength(1);
      });
    } else {
      it("adds more, reorders them and deletes one", async () => {
        const [first] = await listAll();
        const ids = [first!._id];
        for (const n of [3, 4]) {
          const created = await admin.json("POST", api(def.api.create), sampleValues(def, n));
          expect(created.status).toBe(201);
          ids.push(created.body.item._id);
        }
        expect((await listAll()).map((r) => r._id)).toEqual(ids);

        const reversed = [...ids].reverse();
        const reordered = await admin.json("PUT", api(def.api.reorder!), { ids: reversed });
        expect(reordered.status).toBe(200);
        expect(reordered.body.items.map((r: { _id: string }) => r._id)).toEqual(reversed);
        expect((await reader().json("GET", api(def.api.list))).body.map((r: { _id: string }) => r._id)).toEqual(reversed);

        const partial = await admin.json("PUT", api(def.api.reorder!), { ids: reversed.slice(1) });
        expect(partial.status).toBe(400);
        expect(partial.body.fields).toHaveProperty("ids");
        expect((await listAll()).map((r) => r._id)).toEqual(reversed);

        const removed = await admin.json("DELETE", api(def.api.remove!, ids[1]!));
        expect(removed.status).toBe(200);
        expect((await admin.json("GET", api(def.api.one, ids[1]!))).status).toBe(404);
        expect((await listAll()).map((r) => r._id)).toEqual([ids[2], ids[0]]);
      });
    }
  });
}
