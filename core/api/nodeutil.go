package api

// GetNodeCondition returns the condition of type t in status, or nil
// (pkg/api/v1/node GetNodeCondition, which the node lifecycle controller
// and pod GC read a node's Ready condition with).
func GetNodeCondition(status *NodeStatus, t NodeConditionType) *NodeCondition {
	for i := range status.Conditions {
		if status.Conditions[i].Type == t {
			return &status.Conditions[i]
		}
	}
	return nil
}
