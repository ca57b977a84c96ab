import { describeContract } from '../../test/contract/check-contract';
import { launchDesignedOperations, launchSpecOperations } from '../../test/contract/launch-operations';

describeContract({
  origin: 'http://launch.test',
  documentPath: '/api/openapi.json',
  referencePath: '/api/reference',
  spec: launchSpecOperations,
  designed: launchDesignedOperations,
});
