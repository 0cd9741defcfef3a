import { createServer, type Server } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server for tests: speaks enough of RFC 5321 (EHLO/HELO, MAIL, RCPT, DATA, RSET,
 * NOOP, QUIT) for nodemailer to deliver to it, and keeps what it receives. The real mail client
 * code runs unchanged against it.
 */
export async function startSmtpSink(
  listenPort = 0,
  options: { rcptReply?: string } = {},
): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let current: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 smtp-sink ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let index = buffer.indexOf("\r\n");
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            mails.push(current);
            current = { from: "", to: [], data: "" };
            reply("250 OK: queued");
          } else {
            current.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
        } else {
          switch (line.slice(0, 4).toUpperCase()) {
            case "EHLO":
              socket.write("250-smtp-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n");
              break;
            case "HELO":
              reply("250 smtp-sink");
              break;
            case "MAIL":
              current.from = line.match(/<([^>]*)>/)?.[1] ?? "";
              reply("250 OK");
              break;
            case "RCPT":
              // `rcptReply` plays a server that refuses recipients (e.g. "550 5.1.1 mailbox unavailable").
              if (options.rcptReply) {
                reply(options.rcptReply);
                break;
              }
              current.to.push(line.match(/<([^>]*)>/)?.[1] ?? "");
              reply("250 OK");
              break;
            case "DATA":
              inData = true;
              reply("354 End data with <CR><LF>.<CR><LF>");
              break;
            case "RSET":
              current = { from: "", to: [], data: "" };
              reply("250 OK");
              break;
            case "NOOP":
              reply("250 OK");
              break;
            case "QUIT":
              reply("221 Bye");
              socket.end();
              break;
            default:
              reply("502 Command not implemented");
          }
        }
        index = buffer.indexOf("\r\n");
      }
    });
  });
  await new Promise<void>((done) => server.listen(listenPort, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
