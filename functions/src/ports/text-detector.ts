import { DetectTextCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

/** A word or line of text found in an image, as Rekognition's DetectText reports it. */
export interface TextDetection {
  text: string;
  type: 'LINE' | 'WORD';
  /** 0 to 100. */
  confidence: number;
  /** Its box, in fractions of the image's width and height. */
  box: { left: number; top: number; width: number; height: number };
}

/** Text in an image of the upload bucket: Amazon Rekognition in AWS, its stand-in (tesseract.js) locally. */
export interface TextDetector {
  detectText(object: { bucket: string; key: string }): Promise<TextDetection[]>;
}

/** Rekognition's DetectText on the S3 object itself (it reads the object with the caller's permissions). */
export const rekognitionTextDetector = (
  env: Env<'AWS_REGION' | 'REKOGNITION_ENDPOINT'>,
  client?: RekognitionClient,
): TextDetector => {
  const rekognition = tracedClient(
    () =>
      client ??
      new RekognitionClient({
        region: env.AWS_REGION,
        ...(env.REKOGNITION_ENDPOINT ? { endpoint: env.REKOGNITION_ENDPOINT } : {}),
      }),
  );
  return {
    async detectText({ bucket, key }) {
      const answer = await rekognition().send(
        new DetectTextCommand({ Image: { S3Object: { Bucket: bucket, Name: key } } }),
      );
      return (answer.TextDetections ?? []).flatMap((d): TextDetection[] =>
        d.DetectedText && (d.Type === 'LINE' || d.Type === 'WORD')
          ? [
              {
                text: d.DetectedText,
                type: d.Type,
                confidence: d.Confidence ?? 0,
                box: {
                  left: d.Geometry?.BoundingBox?.Left ?? 0,
                  top: d.Geometry?.BoundingBox?.Top ?? 0,
                  width: d.Geometry?.BoundingBox?.Width ?? 0,
                  height: d.Geometry?.BoundingBox?.Height ?? 0,
                },
              },
            ]
          : [],
      );
    },
  };
};
