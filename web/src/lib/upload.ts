import type { Routes } from '@sitewalk/shared/contract/index';
import type { RouteParamsInput } from '@sitewalk/shared/contract/route';
import {
  FILE_NAME_MAX_LENGTH,
  IMAGE_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  PROFILE_IMAGE_MAX_BYTES,
  type ImageContentType,
} from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import type { UploadTicket } from '@sitewalk/shared/schemas/common';
import { api } from './api.ts';

/** The routes that hand out a presigned PUT for one image (logos and profile pictures). */
export type ImageTicketRoute =
  'managementCompany.logoUpload' | 'organization.logoUpload' | 'user.profilePictureUpload';

/** The most bytes each ticket route signs for (the API refuses more with 'File size is too large'). */
export const IMAGE_MAX_BYTES: Record<ImageTicketRoute, number> = {
  'managementCompany.logoUpload': LOGO_MAX_BYTES,
  'organization.logoUpload': LOGO_MAX_BYTES,
  'user.profilePictureUpload': PROFILE_IMAGE_MAX_BYTES,
};

export const isAcceptedImageType = (type: string): type is ImageContentType =>
  (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * Why a file cannot be a logo or profile picture, in the specs' words, or null when it can: not an
 * image ('Please select an image file'), an image the API does not take, such as SVG or HEIC ('Invalid
 * file type'), or more than `maxBytes` ('File size is too large').
 */
export const imageFileProblem = (file: File, maxBytes: number = LOGO_MAX_BYTES): string | null => {
  if (!file.type.startsWith('image/')) return messages.upload.selectImage;
  if (!isAcceptedImageType(file.type)) return messages.upload.invalidFileType;
  if (file.size > maxBytes) return messages.upload.fileTooLarge;
  if (file.size === 0) return 'The file is empty';
  return null;
};

/**
 * The `{name}` of an upload or view path (the API ignores it; it names the file for people): letters,
 * digits, '-' and '_' only, so no '/', '?' or '.' of a company or person name can bend the path.
 */
export const fileNameOf = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FILE_NAME_MAX_LENGTH) || 'image';

/** The storage refused the file or could not be reached. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Headers a browser sets itself and refuses from scripts (the ticket lists content-length for S3). */
const BROWSER_SET_HEADERS = new Set(['content-length', 'host', 'connection']);

/**
 * PUTs `file` to a presigned URL with the ticket's headers and no Authorization, reporting progress in
 * percent (0–100). XMLHttpRequest, because fetch reports no upload progress.
 */
export const putFile = (
  ticket: Pick<UploadTicket, 'uploadUrl' | 'headers'>,
  file: Blob,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers)) {
      if (!BROWSER_SET_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
      } else {
        reject(new UploadError(`The upload failed (${xhr.status})`, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError('The upload failed. Please try again.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    onProgress?.(0);
    xhr.send(file);
  });

/**
 * Uploads one image: asks `ticketRoute` for a presigned PUT (the API checks the type and size again
 * before it signs), then sends the file straight to the storage with progress. Resolves to the ticket
 * (its `key` names the stored object). A file the API would refuse is refused here first, with the same
 * message.
 *
 * `uploadImage('managementCompany.logoUpload', { params: { id, name } }, file, setProgress)`
 */
export const uploadImage = async <N extends ImageTicketRoute>(
  ticketRoute: N,
  input: { params: RouteParamsInput<Routes[N]>; signal?: AbortSignal },
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadTicket> => {
  const problem = imageFileProblem(file, IMAGE_MAX_BYTES[ticketRoute]);
  if (problem) throw new Error(problem);
  // The three routes take the same query; the union of their inputs is more than TypeScript can check here.
  const ask = api as unknown as (
    name: ImageTicketRoute,
    input: {
      params: Record<string, string | number>;
      query: { contentType: string; contentLength: number };
      signal?: AbortSignal;
    },
  ) => Promise<UploadTicket>;
  const ticket = await ask(ticketRoute, {
    params: input.params as Record<string, string | number>,
    query: { contentType: file.type, contentLength: file.size },
    signal: input.signal,
  });
  await putFile(ticket, file, onProgress, input.signal);
  return ticket;
};
