// Package deployment is the simulated Deployment controller, a from-scratch
// model of kubernetes/kubernetes pkg/controller/deployment (v1.37). Its files
// mirror upstream's so the two can be read side by side:
//
//	deployment_controller.go  informer handlers, the work queue, syncDeployment
//	sync.go                   sync (scaling and pause), getNewReplicaSet,
//	                          proportional scaling, cleanup, status
//	rolling.go                the RollingUpdate strategy
//	recreate.go               the Recreate strategy
//	progress.go               the Progressing condition and deadline re-checks
//	rollback.go               the deprecated rollback annotation
//	util/                     deployment_util.go (package util, imported as
//	                          deploymentutil): the pure helpers, exported under
//	                          their upstream names, which kubectl and the page
//	                          read too
//	equality.go               apimachinery's semantic equality
//	explain.go                wording for the decision records
//
// kubectl rollout undo is kubectl's (core/kubectl/rollback.go), client side.
//
// Tests: upstream's test tables (util_test.go, sync_test.go, rolling_test.go,
// progress_test.go, recreate_test.go), golden scenarios in testdata/*.txt
// run by scenario_test.go (go test -update rewrites them), a seeded
// property test over random rollouts (property_test.go) and a 1,000-replica
// rolling-update benchmark (bench_test.go).
//
// Every meaningful choice is recorded in the sync's controller.Decisions with
// the upstream function it models, its inputs, the formula and the result.
//
// v1.37 has no spec.podReplacementPolicy on Deployments and no
// DeploymentPodReplacementPolicy gate (only batch/v1 Jobs have a
// podReplacementPolicy): the classic algorithm is the only one.
// DeploymentReplicaSetTerminatingReplicas (beta, on by default since v1.35)
// is on: status.terminatingReplicas is summed, though cleanupDeployment does
// not look at it.
package deployment
