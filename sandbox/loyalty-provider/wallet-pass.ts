import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";

export const PKPASS_CONTENT_TYPE = "application/vnd.apple.pkpass";

// 1980-01-01 00:00 in MS-DOS form: a fixed stamp keeps the same pass byte-identical.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** A stored (uncompressed) ZIP archive, the container format of a .pkpass. */
export function zip(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const fileName = Buffer.from(name, "utf8");
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, fileName, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);

    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An Apple Wallet pass: pass.json plus its manifest. It carries no signature, so Wallet itself
 * would refuse it; it is for checking the bytes and content type the site passes through.
 */
export function applePass(pass: Record<string, unknown>): Buffer {
  const passJson = Buffer.from(JSON.stringify(pass, null, 2));
  const manifest = Buffer.from(JSON.stringify({ "pass.json": createHash("sha1").update(passJson).digest("hex") }));
  return zip([
    { name: "pass.json", data: passJson },
    { name: "manifest.json", data: manifest },
  ]);
}

/** A Google Wallet "save" link around an unsigned JWT (alg "none"): same purpose, same caveat. */
export function googleSaveUrl(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `https://pay.google.com/gp/v/save/${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
}
