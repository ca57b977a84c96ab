import { describeContract } from '../../test/contract/check-contract';
import { verifyDesignedOperations, verifyDesignedOperatorOperations, verifySpecOperations } from '../../test/contract/verify-operations';
import { seedOperator } from '../../test/workers/operators';

describeContract({
  origin: 'http://verify.test',
  documentPath: '/v1/openapi.json',
  referencePath: '/v1/reference',
  spec: verifySpecOperations,
  designed: verifyDesignedOperations,
  errorSchemaOf: (path) => (path === '/v1/pipelines' || path.startsWith('/v1/pipelines/') ? 'PipelineErrorResponse' : undefined),
  operator: {
    documentPath: '/v1/admin/openapi.json',
    headers: async () => (await seedOperator('support')).headers,
    designed: verifyDesignedOperatorOperations,
  },
});
