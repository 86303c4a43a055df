/**
 * What every client of the stand-ins shares: their names, and the fixed fake region and credentials.
 * DynamoDB Local keeps a separate database per access key and region, and s3rver only knows the access
 * keys registered with it.
 */
export type StandInName = 'dynamodb' | 'cognito' | 's3' | 'ses' | 'rekognition';

export const LOCAL_REGION = 'us-east-1';
/**
 * DynamoDB Local only accepts letters and digits in the access key id. Hand clients a copy: the SDK writes
 * into the credentials object it is given (and fails on a frozen one).
 */
export const LOCAL_CREDENTIALS: { readonly accessKeyId: string; readonly secretAccessKey: string } = {
  accessKeyId: 'sitewalklocal',
  secretAccessKey: 'sitewalklocal',
};
