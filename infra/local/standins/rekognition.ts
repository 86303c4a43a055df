/**
 * The local stand-in for Amazon Rekognition's DetectText, so the walkPhoto Lambda's code path is the same in
 * both places (`rekognitionTextDetector` pointed here by `REKOGNITION_ENDPOINT`): an HTTP endpoint speaking
 * DetectText's JSON protocol (awsJson1_1, `X-Amz-Target: RekognitionService.DetectText`). It takes the image as
 * `Image.S3Object` (read from the S3 stand-in, as Rekognition reads the bucket) or `Image.Bytes`, reads it with
 * the local text reader in a worker thread (text-reader-thread.ts), and answers each run of characters found as
 * a LINE and its WORD, with confidence and a bounding box in fractions of the image. Other operations answer
 * UnknownOperationException. Signatures are not checked.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';
import { HOST, url, waitUntilReady } from './readiness.ts';
import { createThreadedTextReader } from './text-reader-thread.ts';
import type { ReadWord, TextReader } from './text-reader.ts';

const DETECT_TEXT = 'RekognitionService.DetectText';
/** Rekognition's own limits on an image: 5 MB as bytes, 15 MB from S3. */
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_S3_BYTES = 15 * 1024 * 1024;

class RekognitionError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

interface DetectTextRequest {
  Image?: { Bytes?: string; S3Object?: { Bucket?: string; Name?: string } };
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    // Base64 of the largest image, and some room for the JSON around it.
    if (size > MAX_BYTES * 2) throw new RekognitionError('ImageTooLargeException', 'Request too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** Each run of characters read: a LINE, and its one WORD. */
const textDetections = (words: readonly ReadWord[]) => {
  const geometry = ({ box }: ReadWord) => ({
    BoundingBox: { Width: box.width, Height: box.height, Left: box.left, Top: box.top },
    Polygon: [
      { X: box.left, Y: box.top },
      { X: box.left + box.width, Y: box.top },
      { X: box.left + box.width, Y: box.top + box.height },
      { X: box.left, Y: box.top + box.height },
    ],
  });
  return [
    ...words.map((word, id) => ({
      DetectedText: word.text,
      Type: 'LINE',
      Id: id,
      Confidence: word.confidence,
      Geometry: geometry(word),
    })),
    ...words.map((word, id) => ({
      DetectedText: word.text,
      Type: 'WORD',
      Id: words.length + id,
      ParentId: id,
      Confidence: word.confidence,
      Geometry: geometry(word),
    })),
  ];
};

export const startRekognition = async (
  port: number,
  s3Endpoint: string,
  options: { reader?: TextReader } = {},
): Promise<{ port: number; close: () => Promise<void> }> => {
  const reader = options.reader ?? createThreadedTextReader();
  const s3 = new S3Client({
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
    endpoint: s3Endpoint,
    forcePathStyle: true,
  });

  const imageOf = async (request: DetectTextRequest): Promise<Buffer> => {
    const image = request.Image;
    if (image?.Bytes !== undefined) {
      const bytes = Buffer.from(image.Bytes, 'base64');
      if (bytes.length > MAX_BYTES) throw new RekognitionError('ImageTooLargeException', 'Image too large');
      return bytes;
    }
    const { Bucket, Name } = image?.S3Object ?? {};
    if (!Bucket || !Name) throw new RekognitionError('InvalidParameterException', 'Image: Bytes or S3Object');
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket, Key: Name }));
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      if (bytes.length > MAX_S3_BYTES)
        throw new RekognitionError('ImageTooLargeException', 'Image too large');
      return bytes;
    } catch (error) {
      if (error instanceof RekognitionError) throw error;
      throw new RekognitionError('InvalidS3ObjectException', 'Unable to get object metadata from S3.');
    }
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      try {
        if (request.method === 'GET') return answer(response, 200, { service: 'rekognition' });
        const target = request.headers['x-amz-target'];
        const body = await readBody(request);
        if (request.method !== 'POST' || target !== DETECT_TEXT) {
          throw new RekognitionError('UnknownOperationException', `Not served here: ${String(target)}`);
        }
        let parsed: DetectTextRequest;
        try {
          parsed = JSON.parse(body) as DetectTextRequest;
        } catch {
          throw new RekognitionError('SerializationException', 'The request is not JSON');
        }
        const image = await imageOf(parsed);
        let words: ReadWord[];
        try {
          words = await reader.read(image);
        } catch {
          throw new RekognitionError('InvalidImageFormatException', 'Request has unsupported image format');
        }
        answer(response, 200, { TextDetections: textDetections(words), TextModelVersion: '3.0' });
      } catch (error) {
        if (error instanceof RekognitionError) {
          answer(response, error.status, { __type: error.type, Message: error.message });
        } else {
          answer(response, 500, { __type: 'InternalServerError', Message: String(error) });
        }
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3.destroy();
      await reader.close();
    },
  };
};

/** Resolves once the stand-in answers a GET. */
export const rekognitionReady = (port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady(
    'rekognition',
    async () => {
      try {
        return (await fetch(url(port))).ok;
      } catch {
        return false;
      }
    },
    timeoutMs,
  );
