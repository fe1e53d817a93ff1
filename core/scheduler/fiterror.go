package scheduler

import (
	"fmt"
	"sort"
	"strings"
)

// This file builds the message of a failed scheduling attempt, the text of
// the FailedScheduling event and of the PodScheduled=False condition. A
// v1.37 scheduler writes, for three full nodes:
//
//	0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.
//
// The parts, from upstream:
//   - FitError.Error (pkg/scheduler/framework/types.go): NoNodeAvailableMsg
//     "0/%v nodes are available", ":", then " %v." around the filter
//     reasons, each "<count> <reason>", sorted as strings and joined with
//     ", ", then " " and the PostFilter message;
//   - the PostFilter message joins the reasons of the PostFilter plugins
//     with ", " (frameworkImpl.RunPostFilterPlugins). The default profile has
//     two: DynamicResources, which for a pod without resource claims answers
//     "no new claims to deallocate", then DefaultPreemption, whose message is
//     "preemption: " + another FitError over the nodes
//     (DefaultPreemption.PostFilter, Evaluator.Preempt);
//   - in that second FitError a node rejected as unresolvable is
//     "Preemption is not helpful for scheduling" (nodesWherePreemptionMightHelp)
//     and any other node is "No preemption victims found for incoming pod"
//     (SelectVictimsOnNode): the playground has no PriorityClasses, so every
//     pod has priority 0 and never has a lower-priority victim.

// NoNodeAvailableMsg is framework.NoNodeAvailableMsg.
const NoNodeAvailableMsg = "0/%v nodes are available"

// ErrNoNodesAvailable is the message when the cluster has no node at all
// (ErrNoNodesAvailable in schedule_one.go).
const ErrNoNodesAvailable = "no nodes available to schedule pods"

// The PostFilter reasons.
const (
	NoNewClaimsToDeallocate      = "no new claims to deallocate"
	PreemptionNotHelpful         = "Preemption is not helpful for scheduling"
	NoPreemptionVictims          = "No preemption victims found for incoming pod"
	preemptionMessagePrefix      = "preemption: "
	maxSchedulingMessageLength   = 1024 // noteLengthLimit of truncateMessage
	truncatedSchedulingMsgSuffix = " ..."
)

// fitErrorMessage models FitError.Error with the default profile's
// PostFilter message appended. statuses holds the failing nodes' statuses
// (every node fails, or there would be no error).
func fitErrorMessage(numAllNodes int, statuses []*status) string {
	reasons := map[string]int{}
	for _, s := range statuses {
		for _, r := range s.reasons {
			reasons[r]++
		}
	}
	msg := fmt.Sprintf(NoNodeAvailableMsg+":", numAllNodes)
	if h := histogram(reasons); h != "" {
		msg += " " + h + "."
	}
	return msg + " " + NoNewClaimsToDeallocate + ", " + preemptionMessage(numAllNodes, statuses)
}

// preemptionMessage models DefaultPreemption's PostFilter message when no
// candidate is found.
func preemptionMessage(numAllNodes int, statuses []*status) string {
	reasons := map[string]int{}
	for _, s := range statuses {
		if s.code == unresolvable {
			reasons[PreemptionNotHelpful]++
		} else {
			reasons[NoPreemptionVictims]++
		}
	}
	msg := preemptionMessagePrefix + fmt.Sprintf(NoNodeAvailableMsg+":", numAllNodes)
	if h := histogram(reasons); h != "" {
		msg += " " + h + "."
	}
	return msg
}

// histogram is FitError.Error's sortReasonsHistogram, joined.
func histogram(reasons map[string]int) string {
	parts := make([]string, 0, len(reasons))
	for r, n := range reasons {
		parts = append(parts, fmt.Sprintf("%v %v", n, r))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// truncateMessage models schedule_one.go truncateMessage: event notes are
// limited to 1024 bytes.
func truncateMessage(message string) string {
	if len(message) <= maxSchedulingMessageLength {
		return message
	}
	return message[:maxSchedulingMessageLength-len(truncatedSchedulingMsgSuffix)] + truncatedSchedulingMsgSuffix
}

// preFilterErrorMessage is FitError.Error when a PreFilter plugin rejected
// the pod: its message, and every node unresolvable for preemption.
func preFilterErrorMessage(numAllNodes int, preFilterMsg string) string {
	statuses := make([]*status, numAllNodes)
	for i := range statuses {
		statuses[i] = &status{code: unresolvable}
	}
	return fmt.Sprintf(NoNodeAvailableMsg+":", numAllNodes) + " " + preFilterMsg + ". " +
		NoNewClaimsToDeallocate + ", " + preemptionMessage(numAllNodes, statuses)
}
