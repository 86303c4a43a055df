import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DetectTextCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import { rekognitionTextDetector } from './text-detector.ts';

const env = { AWS_REGION: 'us-east-1', REKOGNITION_ENDPOINT: undefined };

describe('the Rekognition text detector', () => {
  it('asks DetectText about the S3 object and answers its lines and words with their boxes', async () => {
    // Prepare
    const client = new RekognitionClient({ region: 'us-east-1' });
    const rekognition = mockClient(client);
    rekognition.on(DetectTextCommand).resolves({
      TextDetections: [
        {
          DetectedText: '#104',
          Type: 'LINE',
          Id: 0,
          Confidence: 98.5,
          Geometry: { BoundingBox: { Left: 0.2, Top: 0.3, Width: 0.25, Height: 0.15 } },
        },
        { DetectedText: '#104', Type: 'WORD', Id: 1, ParentId: 0, Confidence: 98.1 },
        // Nothing read, or a type this port does not know: left out.
        { Type: 'WORD', Confidence: 90 },
        { DetectedText: 'x', Confidence: 90 },
      ],
    });
    // Act
    const detections = await rekognitionTextDetector(env, client).detectText({
      bucket: 'uploads',
      key: 'tenants/1/walk-photo/2/a.jpg',
    });
    // Assess
    expect(rekognition.commandCalls(DetectTextCommand)[0]?.args[0].input).toEqual({
      Image: { S3Object: { Bucket: 'uploads', Name: 'tenants/1/walk-photo/2/a.jpg' } },
    });
    expect(detections).toEqual([
      {
        text: '#104',
        type: 'LINE',
        confidence: 98.5,
        box: { left: 0.2, top: 0.3, width: 0.25, height: 0.15 },
      },
      { text: '#104', type: 'WORD', confidence: 98.1, box: { left: 0, top: 0, width: 0, height: 0 } },
    ]);
  });

  it('answers nothing for a photo without text, and lets Rekognition’s refusals through', async () => {
    const client = new RekognitionClient({ region: 'us-east-1' });
    const rekognition = mockClient(client);
    rekognition.on(DetectTextCommand).resolvesOnce({}).rejectsOnce(new Error('InvalidS3ObjectException'));
    const detector = rekognitionTextDetector(env, client);
    expect(await detector.detectText({ bucket: 'b', key: 'k' })).toEqual([]);
    await expect(detector.detectText({ bucket: 'b', key: 'k' })).rejects.toThrow('InvalidS3ObjectException');
  });
});
