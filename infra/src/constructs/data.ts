import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { StreamFilter } from '@mapnest/lambdas/routes';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import type { StageConfig } from '../stages';

/**
 * The single table of shared/src/keys.ts: pk/sk, its GSIs (gsi3 sparse: what the sweep waits for), on-demand, PITR,
 * TTL, and a stream of new images, which the follow-ups' trigger reads through a filter (ADR 047).
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: stage.production,
      removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of Object.values(TABLE_INDEXES)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.pk, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sk, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }

  /**
   * Runs `handler` on the table's stream, only on what `filter` lets through (follow-ups due, ADR 047), from the
   * newest record on. A record whose follow-up could not even be taken is tried again (alone after a split), then
   * lands in the failed invocations' queue; the follow-up itself stays in the due index, where the hourly sweep
   * finds it.
   */
  streamTo(handler: lambda.IFunction, filter: StreamFilter, failures: IQueue): void {
    handler.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 10,
        retryAttempts: 3,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(failures),
        filters: [lambda.FilterCriteria.filter(filter)],
      }),
    );
  }
}
