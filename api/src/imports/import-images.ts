import { posix } from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ValidationFailed } from '../core/errors/api-error.js';
import { IMAGE_MAX_BYTES } from '../media/upload-policy.js';

/**
 * The images of a product import: a ZIP whose files are named in the sheet's `images` column. Read
 * entry by entry (yauzl) with bounds against archive bombs: at most ZIP_MAX_ENTRIES files, each at
 * most one image's size (the declared size AND the bytes actually inflated), ZIP_MAX_TOTAL bytes in
 * all. An archive with a « ../ » or absolute name is refused whole; of the others only the file's
 * own name is kept (« photos/GE-20.jpg » is « ge-20.jpg »), and nothing is written to disk here; each image still goes through the upload policy (checkImage) before it is stored.
 */
export const ZIP_MAX_ENTRIES = 2_000;
export const ZIP_MAX_TOTAL = 500 * 1024 * 1024;

const ZIP_MESSAGES = {
  unreadable: 'Le fichier ZIP d’images n’a pas pu être lu.',
  entries: `Le fichier ZIP contient trop de fichiers (au plus ${ZIP_MAX_ENTRIES}).`,
  total: 'Le fichier ZIP d’images est trop volumineux une fois décompressé.',
  path: 'Le fichier ZIP contient un chemin interdit (« ../ » ou chemin absolu) : il est refusé.',
};

/** How an image is named in the sheet and in the archive: the file name only, lower case. */
export const imageKey = (name: string) => posix.basename(name.replace(/\\/g, '/')).trim().toLowerCase();

const refuse = (message: string) => new ValidationFailed({ images: [message] });

function open(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(refuse(ZIP_MESSAGES.unreadable)) : resolve(zip),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(refuse(ZIP_MESSAGES.unreadable));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // More than declared: validateEntrySizes stops it too; more than an image: not worth reading.
        if (size > IMAGE_MAX_BYTES) {
          stream.destroy();
          reject(refuse(`L’image « ${imageKey(entry.fileName)} » du ZIP dépasse 5MB.`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(refuse(ZIP_MESSAGES.unreadable)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/**
 * The archive's files whose names the sheet uses (`wanted`, image keys), by image key. Other files
 * are skipped unread; directories and hidden files (« __MACOSX/… », « .DS_Store ») too.
 */
export async function readZipImages(buffer: Buffer, wanted: ReadonlySet<string>): Promise<Map<string, Buffer>> {
  const zip = await open(buffer);
  if (zip.entryCount > ZIP_MAX_ENTRIES) {
    zip.close();
    throw refuse(ZIP_MESSAGES.entries);
  }
  const found = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      // yauzl refuses « ../x » and « /x » names itself (the whole archive, never a part of it).
      zip.on('error', (error: Error) =>
        reject(refuse(/relative path|absolute path/.test(error.message) ? ZIP_MESSAGES.path : ZIP_MESSAGES.unreadable)),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const key = imageKey(entry.fileName);
        const skip =
          entry.fileName.endsWith('/') || key.startsWith('.') || entry.fileName.includes('__MACOSX') || !wanted.has(key);
        if (skip) return zip.readEntry();
        if (entry.uncompressedSize > IMAGE_MAX_BYTES) return reject(refuse(`L’image « ${key} » du ZIP dépasse 5MB.`));
        total += entry.uncompressedSize;
        if (total > ZIP_MAX_TOTAL) return reject(refuse(ZIP_MESSAGES.total));
        readEntry(zip, entry).then((data) => {
          found.set(key, data);
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return found;
}
