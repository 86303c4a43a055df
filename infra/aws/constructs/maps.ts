import { Names, Stack, Validations } from 'aws-cdk-lib';
import { CfnAPIKey, CfnMap, CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * Amazon Location: a place index the geocoding Lambda searches, and a map whose style the SPA loads with an
 * API key that only this app's origin may use, and only for map tiles.
 */
export class Maps extends Construct {
  readonly placeIndex: { name: string; arn: string };
  /** The MapLibre style URL, key included (read at deploy time: CloudFormation does not return a key's value). */
  readonly styleUrl: string;

  constructor(scope: Construct, id: string, props: { appUrl: string }) {
    super(scope, id);
    const name = (construct: Construct) => Names.uniqueResourceName(construct, { maxLength: 100 });

    const placeIndex = new CfnPlaceIndex(this, 'PlaceIndex', {
      indexName: name(this),
      dataSource: 'Esri',
      // A location keeps the latitude and longitude geocoded from its address: the data provider's terms
      // allow storing results only under 'Storage'.
      dataSourceConfiguration: { intendedUse: 'Storage' },
    });
    this.placeIndex = { name: placeIndex.ref, arn: placeIndex.attrArn };

    const map = new CfnMap(this, 'Map', {
      mapName: name(this),
      configuration: { style: 'VectorEsriNavigation' },
    });
    const key = new CfnAPIKey(this, 'MapKey', {
      keyName: name(this),
      description: 'The SPA loads map tiles with this key',
      noExpiry: true,
      restrictions: {
        allowActions: ['geo:GetMap*'],
        allowResources: [map.attrArn],
        allowReferers: [`${props.appUrl}/*`],
      },
    });

    const keyValue = new AwsCustomResource(this, 'ReadMapKey', {
      onUpdate: {
        service: 'Location',
        action: 'describeKey',
        parameters: { KeyName: key.ref },
        physicalResourceId: PhysicalResourceId.of(key.attrKeyArn),
        outputPaths: ['Key'],
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [key.attrKeyArn] }),
      installLatestAwsSdk: false,
    });
    const region = Stack.of(this).region;
    this.styleUrl = `https://maps.geo.${region}.amazonaws.com/maps/v0/maps/${map.ref}/style-descriptor?key=${keyValue.getResponseField('Key')}`;
    // The provider is the CDK's own singleton Lambda; its role is given only geo:DescribeKey on this key.
    const providerRole = keyValue.grantPrincipal;
    if (!(providerRole instanceof Construct)) throw new Error('The custom resource provider has no role');
    Validations.of(providerRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'The CDK’s custom-resource provider logs with the basic execution role; it runs only at deploy time.',
    });
  }
}
