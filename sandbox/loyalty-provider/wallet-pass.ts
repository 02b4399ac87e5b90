import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";

export const PKPASS_CONTENT_TYPE = "application/vnd.apple.pkpass";

// 1980-01-01 00:00 in MS-DOS form: a fixed stamp keeps the same pass byte-identical.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

type EntryFields = { checksum: number; size: number; nameLength: number };

/**
 * The run of fields a local file header (from offset 4) and its central directory record (from
 * offset 6) share: version needed, flags, method, time, date, CRC-32, both sizes, name length.
 */
function writeEntryFields(header: Buffer, at: number, { checksum, size, nameLength }: EntryFields): void {
  header.writeUInt16LE(20, at); // version needed: 2.0
  header.writeUInt16LE(0x0800, at + 2); // names are UTF-8
  header.writeUInt16LE(0, at + 4); // stored
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(checksum, at + 10);
  header.writeUInt32LE(size, at + 14); // compressed
  header.writeUInt32LE(size, at + 18); // uncompressed
  header.writeUInt16LE(nameLength, at + 22);
}

/** A stored (uncompressed) ZIP archive, the container format of a .pkpass. */
export function zip(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const fileName = Buffer.from(name, "utf8");
    const fields = { checksum: crc32(data), size: data.length, nameLength: fileName.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    local.writeUInt16LE(0, 28);
    locals.push(local, fileName, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, fields);
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
