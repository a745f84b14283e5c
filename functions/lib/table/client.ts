import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

/** Created once per process (per Lambda container), on first use. */
export function dynamoDocumentClient(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
    documentClient = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: AWS_REGION,
        ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
  }
  return documentClient;
}
