// Package describe prints `kubectl describe` for Deployments, ReplicaSets,
// Pods, Services and Nodes, byte for byte as kubectl v1.37 does
// (staging/src/k8s.io/kubectl/pkg/describe/describe.go).
//
// Every describer is a pure function of the objects it is given and a
// virtual "now" (Age and "12m (x3 over 20m)" are relative to it); the caller
// gathers the objects and the events (EventsFor picks the events kubectl
// would find for an object). kubectl's describe always lists events
// (--show-events defaults to true), so the describers here always print the
// Events section. When several objects are described, kubectl separates
// their descriptions with a blank line: print Separator between them.
//
// Output goes through a text/tabwriter with describe's settings (minwidth
// 0, padding 2), so columns align in blocks of consecutive tabbed lines
// exactly as upstream's do.
//
//	prefixwriter.go   PrefixWriter and tabbedString
//	multiline.go      printLabelsMultiline, printAnnotationsMultiline, taints, tolerations
//	events.go         DescribeEvents and the event search
//	podtemplate.go    DescribePodTemplate
//	containers.go     describeContainers and its parts
//	probe.go          DescribeProbe
//	deployment.go     describeDeployment
//	deployment_util.go new/old ReplicaSets of a Deployment (kubectl/pkg/util/deployment)
//	replicaset.go     describeReplicaSet
//	pod.go            describePod
//	service.go        describeService
//	node.go           describeNode and its resource tables
package describe

// Separator goes between two descriptions when kubectl describe prints
// several objects.
const Separator = "\n\n"
