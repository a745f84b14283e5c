import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Feature } from '../../functions/routes';
import type { ApiStack } from '../../infra/aws/api-stack';

/** The synthesised Api stack's template, read by route, by function and by a function's policies. */

export interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
export interface RouteProperties {
  RouteKey: string;
  AuthorizationType: string;
  AuthorizerId?: unknown;
  Target: { 'Fn::Join': [string, [string, { Ref: string }]] };
}
export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

export function apiStackTemplate(api: ApiStack, template: Template) {
  const resources = template.toJSON().Resources as Record<string, Resource>;

  function ofType(type: string): [string, Resource][] {
    return Object.entries(resources).filter(([, resource]) => resource.Type === type);
  }

  function functionLogicalId(feature: Feature): string {
    const fn = api.functions.get(feature);
    if (!fn) throw new Error(`no function for ${feature}`);
    return api.getLogicalId(fn.node.defaultChild as CfnFunction);
  }

  function routesInStack(): Map<string, RouteProperties> {
    return new Map(
      ofType('AWS::ApiGatewayV2::Route').map(([, resource]) => {
        const properties = resource.Properties as unknown as RouteProperties;
        return [properties.RouteKey, properties];
      }),
    );
  }

  function policyStatementsOf(feature: Feature): Statement[] {
    const fn = resources[functionLogicalId(feature)];
    const roleId = (fn?.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return ofType('AWS::IAM::Policy')
      .filter(([, policy]) =>
        (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
      )
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  }

  return { resources, ofType, functionLogicalId, routesInStack, policyStatementsOf };
}
export type ApiStackTemplate = ReturnType<typeof apiStackTemplate>;
