import { describeContract } from '../../test/contract/check-contract';
import { verifyDesignedOperations, verifySpecOperations } from '../../test/contract/verify-operations';

describeContract({
  origin: 'http://verify.test',
  documentPath: '/v1/openapi.json',
  referencePath: '/v1/reference',
  spec: verifySpecOperations,
  designed: verifyDesignedOperations,
});
