import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { freePort } from "../../scripts/lib/free-port.ts";

/**
 * A small S3-compatible server for tests: the subset the media library speaks (PutObject,
 * GetObject, DeleteObject on path-style URLs), answering as S3 does, and checking every request's
 * AWS Signature Version 4 the way S3 does, written here from AWS's description of the algorithm
 * (not with the client's library), so a request the app signs wrongly is refused as S3 would.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 */

export interface S3Standin {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The stored objects by key, as the bucket holds them. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request, as "METHOD key status". */
  log: string[];
  /** MEDIA_S3_URL for these credentials (another secret to see a refusal). */
  url(secret?: string): string;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding, as SigV4 asks: everything but A-Z a-z 0-9 - _ . ~ */
const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(code: string, message: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

export async function startS3Standin(options: { bucket?: string; region?: string } = {}): Promise<S3Standin> {
  const bucket = options.bucket ?? "rankwell-media";
  const region = options.region ?? "eu-central-1";
  const accessKeyId = "AKIASTANDIN0000TEST";
  const secretAccessKey = "standin/secret+key=0123456789abcdefghij";
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const log: string[] = [];

  /** Why the signature is wrong, or undefined when it is right. */
  function signatureProblem(req: IncomingMessage, path: string, query: URLSearchParams, body: Buffer): string | undefined {
    const auth = req.headers.authorization ?? "";
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return "no AWS4-HMAC-SHA256 Authorization header";
    const [, keyId, day, signedRegion, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
    if (keyId !== accessKeyId) return "unknown access key";
    if (signedRegion !== region) return `signed for region ${signedRegion}, the bucket is in ${region}`;
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    if (!amzDate.startsWith(day)) return "x-amz-date does not match the credential's day";
    const when = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (!Number.isFinite(when) || Math.abs(Date.now() - when) > 15 * 60_000) return "request time too skewed";
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (!payloadHash) return "no x-amz-content-sha256";
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return "the body does not match x-amz-content-sha256";
    const names = signedHeaders.split(";");
    if (!names.includes("host") || !names.includes("x-amz-date")) return "host and x-amz-date must be signed";
    const canonicalHeaders = names.map((name) => `${name}:${String(req.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
    const canonicalQuery = [...query]
      .map(([k, v]) => [uriEncode(k), uriEncode(v)])
      .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const canonicalUri = path.split("/").map((segment) => uriEncode(decodeURIComponent(segment))).join("/");
    const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), "s3"), "aws4_request");
    const expected = hmac(key, stringToSign);
    return timingSafeEqual(expected, Buffer.from(signature, "hex")) ? undefined : "SignatureDoesNotMatch";
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://standin");
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const answer = (status: number, text = "", type = "application/xml") => {
      log.push(`${req.method} ${key} ${status}`);
      res.writeHead(status, text ? { "content-type": type } : {});
      res.end(text);
    };
    const problem = signatureProblem(req, url.pathname, url.searchParams, body);
    if (problem) return answer(403, xmlError(problem === "SignatureDoesNotMatch" ? "SignatureDoesNotMatch" : "AccessDenied", problem));
    if (bucketName !== bucket) return answer(404, xmlError("NoSuchBucket", "The specified bucket does not exist"));
    if (!key) return answer(400, xmlError("InvalidRequest", "Only object calls are spoken here"));
    switch (req.method) {
      case "PUT":
        objects.set(key, { body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
        res.setHeader("ETag", `"${createHash("md5").update(body).digest("hex")}"`);
        return answer(200);
      case "GET": {
        const object = objects.get(key);
        if (!object) return answer(404, xmlError("NoSuchKey", "The specified key does not exist."));
        log.push(`GET ${key} 200`);
        res.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
        return res.end(object.body);
      }
      case "DELETE":
        objects.delete(key);
        return answer(204);
      default:
        return answer(405, xmlError("MethodNotAllowed", "Not spoken here"));
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    log,
    url: (secret = secretAccessKey) => `http://${encodeURIComponent(accessKeyId)}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${bucket}/site-a?region=${region}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
