package describe

// Golden outputs of `kubectl describe`, checked line by line against
// upstream's describe.go (section order, labels and tab layout) and against
// real kubectl output: the tabwriter blocks reproduce kubectl's well-known
// quirks, such as "IPs:" and "Controlled By:" being aligned apart from the
// lines above them.

const wantDeploymentRolledOut = "Name:                   nginx-deployment\n" +
	"Namespace:              default\n" +
	"CreationTimestamp:      Thu, 01 Jan 2026 11:59:29 +0000\n" +
	"Labels:                 app=nginx\n" +
	"Annotations:            deployment.kubernetes.io/revision: 1\n" +
	"Selector:               app=nginx\n" +
	"Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable\n" +
	"StrategyType:           RollingUpdate\n" +
	"MinReadySeconds:        0\n" +
	"RollingUpdateStrategy:  25% max unavailable, 25% max surge\n" +
	"Pod Template:\n" +
	"  Labels:  app=nginx\n" +
	"  Containers:\n" +
	"   nginx:\n" +
	"    Image:         nginx:1.14.2\n" +
	"    Port:          80/TCP\n" +
	"    Host Port:     0/TCP\n" +
	"    Environment:   <none>\n" +
	"    Mounts:        <none>\n" +
	"  Volumes:         <none>\n" +
	"  Node-Selectors:  <none>\n" +
	"  Tolerations:     <none>\n" +
	"Conditions:\n" +
	"  Type           Status  Reason\n" +
	"  ----           ------  ------\n" +
	"  Available      True    MinimumReplicasAvailable\n" +
	"  Progressing    True    NewReplicaSetAvailable\n" +
	"OldReplicaSets:  <none>\n" +
	"NewReplicaSet:   nginx-deployment-86dcfdf4c6 (3/3 replicas created)\n" +
	"Events:\n" +
	"  Type    Reason             Age   From                   Message\n" +
	"  ----    ------             ----  ----                   -------\n" +
	"  Normal  ScalingReplicaSet  31s   deployment-controller  Scaled up replica set nginx-deployment-86dcfdf4c6 from 0 to 3\n"

const wantDeploymentMidRollout = "Name:                   nginx-deployment\n" +
	"Namespace:              default\n" +
	"CreationTimestamp:      Thu, 01 Jan 2026 11:59:29 +0000\n" +
	"Labels:                 app=nginx\n" +
	"                        tier=web\n" +
	"Annotations:            deployment.kubernetes.io/revision: 2\n" +
	"                        kubernetes.io/change-cause: kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1\n" +
	"Selector:               app=nginx\n" +
	"Replicas:               3 desired | 1 updated | 4 total | 3 available | 1 unavailable\n" +
	"StrategyType:           RollingUpdate\n" +
	"MinReadySeconds:        0\n" +
	"RollingUpdateStrategy:  25% max unavailable, 25% max surge\n" +
	"Pod Template:\n" +
	"  Labels:  app=nginx\n" +
	"  Containers:\n" +
	"   nginx:\n" +
	"    Image:         nginx:1.16.1\n" +
	"    Port:          80/TCP\n" +
	"    Host Port:     0/TCP\n" +
	"    Environment:   <none>\n" +
	"    Mounts:        <none>\n" +
	"  Volumes:         <none>\n" +
	"  Node-Selectors:  <none>\n" +
	"  Tolerations:     <none>\n" +
	"Conditions:\n" +
	"  Type           Status  Reason\n" +
	"  ----           ------  ------\n" +
	"  Available      True    MinimumReplicasAvailable\n" +
	"  Progressing    True    ReplicaSetUpdated\n" +
	// The old ReplicaSet scaled to zero (3066724191) is left out, as
	// findOldReplicaSets' first result leaves it out.
	"OldReplicaSets:  nginx-deployment-2035384211 (3/3 replicas created)\n" +
	"NewReplicaSet:   nginx-deployment-1564180365 (1/1 replicas created)\n" +
	"Events:\n" +
	"  Type    Reason             Age                From                   Message\n" +
	"  ----    ------             ----               ----                   -------\n" +
	"  Normal  ScalingReplicaSet  12m (x3 over 20m)  deployment-controller  Scaled up replica set nginx-deployment-2035384211 from 0 to 3\n" +
	"  Normal  ScalingReplicaSet  10s                deployment-controller  Scaled up replica set nginx-deployment-1564180365 from 0 to 1\n"

const wantDeploymentRecreate = "Name:               nginx-deployment\n" +
	"Namespace:          default\n" +
	"CreationTimestamp:  Thu, 01 Jan 2026 11:59:29 +0000\n" +
	"Labels:             app=nginx\n" +
	"Annotations:        deployment.kubernetes.io/revision: 1\n" +
	"Selector:           app=nginx\n" +
	"Replicas:           3 desired | 0 updated | 0 total | 0 available | 0 unavailable\n" +
	"StrategyType:       Recreate\n" +
	"MinReadySeconds:    0\n" +
	"Pod Template:\n" +
	"  Labels:  app=nginx\n" +
	"  Containers:\n" +
	"   nginx:\n" +
	"    Image:         nginx:1.14.2\n" +
	"    Port:          80/TCP\n" +
	"    Host Port:     0/TCP\n" +
	"    Environment:   <none>\n" +
	"    Mounts:        <none>\n" +
	"  Volumes:         <none>\n" +
	"  Node-Selectors:  <none>\n" +
	"  Tolerations:     <none>\n" +
	"Events:            <none>\n"

const wantPodRunning = "Name:             nginx-deployment-86dcfdf4c6-7ci7o\n" +
	"Namespace:        default\n" +
	"Priority:         0\n" +
	"Service Account:  default\n" +
	"Node:             kind-worker/172.18.0.3\n" +
	"Start Time:       Thu, 01 Jan 2026 11:59:35 +0000\n" +
	"Labels:           app=nginx\n" +
	"                  pod-template-hash=86dcfdf4c6\n" +
	"Annotations:      <none>\n" +
	"Status:           Running\n" +
	"IP:               10.244.1.5\n" +
	"IPs:\n" +
	"  IP:           10.244.1.5\n" +
	"Controlled By:  ReplicaSet/nginx-deployment-86dcfdf4c6\n" +
	"Containers:\n" +
	"  nginx:\n" +
	"    Container ID:   containerd://4e8c6e2b1b3a\n" +
	"    Image:          nginx:1.14.2\n" +
	"    Image ID:       docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d\n" +
	"    Port:           80/TCP\n" +
	"    Host Port:      0/TCP\n" +
	"    State:          Running\n" +
	"      Started:      Thu, 01 Jan 2026 11:59:40 +0000\n" +
	"    Ready:          True\n" +
	"    Restart Count:  0\n" +
	"    Environment:    <none>\n" +
	"    Mounts:\n" +
	"      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-5lp2h (ro)\n" +
	"Conditions:\n" +
	"  Type                        Status\n" +
	"  PodReadyToStartContainers   True \n" +
	"  Initialized                 True \n" +
	"  Ready                       True \n" +
	"  ContainersReady             True \n" +
	"  PodScheduled                True \n" +
	"Volumes:\n" +
	"  kube-api-access-5lp2h:\n" +
	"    Type:                    Projected (a volume that contains injected data from multiple sources)\n" +
	"    TokenExpirationSeconds:  3607\n" +
	"    ConfigMapName:           kube-root-ca.crt\n" +
	"    Optional:                false\n" +
	"    DownwardAPI:             true\n" +
	"QoS Class:                   BestEffort\n" +
	"Node-Selectors:              <none>\n" +
	"Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n" +
	"                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n" +
	"Events:\n" +
	"  Type    Reason     Age   From               Message\n" +
	"  ----    ------     ----  ----               -------\n" +
	"  Normal  Scheduled  31s   default-scheduler  Successfully assigned default/nginx-deployment-86dcfdf4c6-7ci7o to kind-worker\n" +
	"  Normal  Pulling    30s   kubelet            spec.containers{nginx}: Pulling image \"nginx:1.14.2\"\n" +
	"  Normal  Pulled     26s   kubelet            spec.containers{nginx}: Successfully pulled image \"nginx:1.14.2\" in 4.1s (4.1s including waiting). Image size: 44409117 bytes.\n" +
	"  Normal  Created    26s   kubelet            spec.containers{nginx}: Created container: nginx\n" +
	"  Normal  Started    25s   kubelet            spec.containers{nginx}: Started container nginx\n"

const wantReplicaSet = "Name:           nginx-deployment-86dcfdf4c6\n" +
	"Namespace:      default\n" +
	"Selector:       app=nginx,pod-template-hash=86dcfdf4c6\n" +
	"Labels:         app=nginx\n" +
	"                pod-template-hash=86dcfdf4c6\n" +
	"Annotations:    deployment.kubernetes.io/desired-replicas: 3\n" +
	"                deployment.kubernetes.io/max-replicas: 4\n" +
	"                deployment.kubernetes.io/revision: 1\n" +
	"Controlled By:  Deployment/nginx-deployment\n" +
	"Replicas:       3 current / 3 desired\n" +
	"Pods Status:    1 Running / 1 Waiting / 0 Succeeded / 0 Failed\n" +
	"Pod Template:\n" +
	"  Labels:  app=nginx\n" +
	"           pod-template-hash=86dcfdf4c6\n" +
	"  Containers:\n" +
	"   nginx:\n" +
	"    Image:         nginx:1.14.2\n" +
	"    Port:          80/TCP\n" +
	"    Host Port:     0/TCP\n" +
	"    Environment:   <none>\n" +
	"    Mounts:        <none>\n" +
	"  Volumes:         <none>\n" +
	"  Node-Selectors:  <none>\n" +
	"  Tolerations:     <none>\n" +
	"Events:            <none>\n"

const wantServiceNodePort = "Name:                     web\n" +
	"Namespace:                default\n" +
	"Labels:                   app=web\n" +
	"Annotations:              <none>\n" +
	"Selector:                 app=web\n" +
	"Type:                     NodePort\n" +
	"IP Family Policy:         SingleStack\n" +
	"IP Families:              IPv4\n" +
	"IP:                       10.96.12.34\n" +
	"IPs:                      10.96.12.34\n" +
	"Port:                     http  80/TCP\n" +
	"TargetPort:               8080/TCP\n" +
	"NodePort:                 http  30080/TCP\n" +
	"Endpoints:                10.244.1.5:8080,10.244.2.7:8080,10.244.2.8:8080 + 1 more...\n" +
	"Port:                     metrics  9090/TCP\n" +
	"TargetPort:               metrics/TCP\n" +
	"NodePort:                 metrics  30090/TCP\n" +
	"Endpoints:                10.244.1.5:9090,10.244.2.7:9090,10.244.2.8:9090 + 1 more...\n" +
	"Session Affinity:         None\n" +
	"External Traffic Policy:  Cluster\n" +
	"Internal Traffic Policy:  Cluster\n" +
	"Events:                   <none>\n"

const wantNode = "Name:               kind-worker\n" +
	"Roles:              <none>\n" +
	"Labels:             kubernetes.io/hostname=kind-worker\n" +
	"                    kubernetes.io/os=linux\n" +
	"Annotations:        node.alpha.kubernetes.io/ttl: 0\n" +
	"                    volumes.kubernetes.io/controller-managed-attach-detach: true\n" +
	"CreationTimestamp:  Mon, 22 Dec 2025 12:00:00 +0000\n" +
	"Taints:             dedicated=web:NoSchedule\n" +
	"                    node.kubernetes.io/unschedulable:NoSchedule\n" +
	"Unschedulable:      true\n" +
	"Lease:\n" +
	"  HolderIdentity:  kind-worker\n" +
	"  AcquireTime:     <unset>\n" +
	"  RenewTime:       Thu, 01 Jan 2026 11:59:55 +0000\n" +
	"Conditions:\n" +
	"  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message\n" +
	"  ----             ------  -----------------                 ------------------                ------                       -------\n" +
	"  MemoryPressure   False   Thu, 01 Jan 2026 11:59:00 +0000   Mon, 22 Dec 2025 12:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available\n" +
	"  Ready            True    Thu, 01 Jan 2026 11:59:00 +0000   Mon, 22 Dec 2025 12:00:00 +0000   KubeletReady                 kubelet is posting ready status\n" +
	"Addresses:\n" +
	"  InternalIP:  172.18.0.3\n" +
	"  Hostname:    kind-worker\n" +
	"Capacity:\n" +
	"  cpu:                4\n" +
	"  ephemeral-storage:  100Gi\n" +
	"  memory:             8Gi\n" +
	"  pods:               110\n" +
	"Allocatable:\n" +
	"  cpu:                4\n" +
	"  ephemeral-storage:  100Gi\n" +
	"  memory:             8Gi\n" +
	"  pods:               110\n" +
	"System Info:\n" +
	"  Machine ID:                 \n" +
	"  System UUID:                \n" +
	"  Boot ID:                    \n" +
	"  Kernel Version:             6.8.0-45-generic\n" +
	"  OS Image:                   Debian GNU/Linux 12 (bookworm)\n" +
	"  Operating System:           linux\n" +
	"  Architecture:               amd64\n" +
	"  Container Runtime Version:  containerd://2.1.1\n" +
	"  Kubelet Version:            v1.37.0\n" +
	"PodCIDR:                      10.244.1.0/24\n" +
	"PodCIDRs:                     10.244.1.0/24\n" +
	"Non-terminated Pods:          (2 in total)\n" +
	"  Namespace                   Name                        CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age\n" +
	"  ---------                   ----                        ------------  ----------  ---------------  -------------  ---\n" +
	"  default                     web-6d4cf56db6-x7k2p        100m (2%)     500m (12%)  128Mi (1%)       256Mi (3%)     31s\n" +
	"  kube-system                 coredns-7db6d8ff4d-2x4fz    100m (2%)     0 (0%)      70Mi (0%)        170Mi (2%)     10d\n" +
	"Allocated resources:\n" +
	"  (Total limits may be over 100 percent, i.e., overcommitted.)\n" +
	"  Resource           Requests    Limits\n" +
	"  --------           --------    ------\n" +
	"  cpu                200m (5%)   500m (12%)\n" +
	"  memory             198Mi (2%)  426Mi (5%)\n" +
	"  ephemeral-storage  0 (0%)      0 (0%)\n" +
	"Events:              <none>\n"
