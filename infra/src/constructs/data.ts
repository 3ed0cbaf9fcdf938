import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import type { StageConfig } from '../stages';

/** The single table of shared/src/keys.ts: pk/sk, its GSIs (gsi3 sparse: what the sweep waits for), on-demand, PITR, TTL. */
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
}
