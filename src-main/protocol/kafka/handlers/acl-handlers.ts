/**
 * DescribeAcls, CreateAcls and DeleteAcls as a Kafka 2.5 broker without `authorizer.class.name`
 * answers them (`KafkaApis.handleDescribeAcls` …): SECURITY_DISABLED, in its words — the describe
 * without the final period, create and delete (per creation, per filter) with it.
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { ApiHandler } from '../kafka-apis';
import type { DeleteAclsRequest, DeleteAclsResponse } from '../messages/delete-acls';
import type { CreateAclsRequest, CreateAclsResponse } from '../messages/create-acls';
import type { DescribeAclsRequest, DescribeAclsResponse } from '../messages/describe-acls';

const SECURITY_DISABLED = Errors.SECURITY_DISABLED.code;

export function describeAclsHandler(): ApiHandler<DescribeAclsRequest, DescribeAclsResponse> {
  return async () => ({
    throttleTimeMs: 0,
    errorCode: SECURITY_DISABLED,
    errorMessage: 'No Authorizer is configured on the broker',
    resources: [],
  });
}

export function createAclsHandler(): ApiHandler<CreateAclsRequest, CreateAclsResponse> {
  return async (request) => {
    const creations = request.creations;
    return {
      throttleTimeMs: 0,
      results: creations.map(() => ({ errorCode: SECURITY_DISABLED, errorMessage: 'No Authorizer is configured on the broker.' })),
    };
  };
}

export function deleteAclsHandler(): ApiHandler<DeleteAclsRequest, DeleteAclsResponse> {
  return async (request) => {
    const filters = request.filters;
    return {
      throttleTimeMs: 0,
      filterResults: filters.map(() => ({
        errorCode: SECURITY_DISABLED,
        errorMessage: 'No Authorizer is configured on the broker.',
        matchingAcls: [],
      })),
    };
  };
}
