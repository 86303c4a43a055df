import { Names, Stack, Validations } from 'aws-cdk-lib';
import { CfnAPIKey } from 'aws-cdk-lib/aws-location';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * The map tiles' actions an API key may be given (geo-maps:GetTile, geo-maps:GetStaticMap). The style
 * descriptor, glyphs and sprites of the Maps API v2 are no IAM actions: the key only has to be valid.
 * MapLibre draws every style the SPA offers from tiles — Standard from the `vector.basemap` tileset,
 * Satellite from `raster.satellite`, Hybrid from both — and GetTile serves both tilesets, so GetTile is
 * all the key needs; static map images (GetStaticMap) are not used.
 */
export const MAP_KEY_ACTIONS = ['geo-maps:GetTile'];

/** The Maps API v2 styles the SPA shows: the map everywhere, and imagery in walk setup. */
export const MAP_STYLES = { map: 'Standard', satellite: 'Satellite', hybrid: 'Hybrid' } as const;

/**
 * The Amazon Location providers of the Maps and Places APIs v2: AWS's own resources, one per service and
 * region, with no account (`arn:<partition>:geo-maps:<region>::provider/default`). Nothing is created.
 */
export const locationProviderArn = (scope: Construct, service: 'geo-maps' | 'geo-places'): string => {
  const stack = Stack.of(scope);
  return `arn:${stack.partition}:${service}:${stack.region}::provider/default`;
};

/**
 * Amazon Location, Maps API v2: the SPA loads AWS's Standard style (and, in walk setup, the Satellite and
 * Hybrid styles), their tiles, glyphs and sprites with an API key that only this app's origin may use, and
 * only for map tiles. No map resource: the v2 API serves
 * its styles from the `geo-maps` provider. Geocoding (the Places API v2) needs no resource either; the geo
 * function is granted `geo-places:Geocode` on the `geo-places` provider (resource-function.ts).
 */
export class Maps extends Construct {
  /** The MapLibre style URL, key included (read at deploy time: CloudFormation does not return a key's value). */
  readonly styleUrl: string;
  /** The imagery styles walk setup offers, with the same key. */
  readonly imageryStyleUrls: { satellite: string; hybrid: string };

  constructor(scope: Construct, id: string, props: { appUrl: string }) {
    super(scope, id);
    const key = new CfnAPIKey(this, 'MapKey', {
      keyName: Names.uniqueResourceName(this, { maxLength: 100 }),
      description: 'The SPA loads map tiles with this key',
      noExpiry: true,
      restrictions: {
        allowActions: MAP_KEY_ACTIONS,
        allowResources: [locationProviderArn(this, 'geo-maps')],
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
    const styleUrlOf = (style: string) =>
      `https://maps.geo.${region}.amazonaws.com/v2/styles/${style}/descriptor?key=${keyValue.getResponseField('Key')}`;
    this.styleUrl = styleUrlOf(MAP_STYLES.map);
    this.imageryStyleUrls = {
      satellite: styleUrlOf(MAP_STYLES.satellite),
      hybrid: styleUrlOf(MAP_STYLES.hybrid),
    };
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
