package api

import "github.com/kubeplay/kubeplay/core/api/resource"

// autoscaling/v2 HorizontalPodAutoscaler. The field names, JSON tags and
// enum values are upstream's (k8s.io/api/autoscaling/v2/types.go).

// HorizontalPodAutoscaler is autoscaling/v2 HorizontalPodAutoscaler.
type HorizontalPodAutoscaler struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       HorizontalPodAutoscalerSpec   `json:"spec,omitempty"`
	Status     HorizontalPodAutoscalerStatus `json:"status,omitempty"`
}

// HorizontalPodAutoscalerSpec is autoscaling/v2 HorizontalPodAutoscalerSpec.
type HorizontalPodAutoscalerSpec struct {
	ScaleTargetRef CrossVersionObjectReference      `json:"scaleTargetRef"`
	MinReplicas    *int32                           `json:"minReplicas,omitempty"`
	MaxReplicas    int32                            `json:"maxReplicas"`
	Metrics        []MetricSpec                     `json:"metrics,omitempty"`
	Behavior       *HorizontalPodAutoscalerBehavior `json:"behavior,omitempty"`
}

// CrossVersionObjectReference is autoscaling/v2 CrossVersionObjectReference.
type CrossVersionObjectReference struct {
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// MetricSourceType is the type of a metric source.
type MetricSourceType string

// The metric source types (autoscaling/v2).
const (
	ObjectMetricSourceType            MetricSourceType = "Object"
	PodsMetricSourceType              MetricSourceType = "Pods"
	ResourceMetricSourceType          MetricSourceType = "Resource"
	ContainerResourceMetricSourceType MetricSourceType = "ContainerResource"
	ExternalMetricSourceType          MetricSourceType = "External"
)

// MetricSpec is autoscaling/v2 MetricSpec.
type MetricSpec struct {
	Type              MetricSourceType               `json:"type"`
	Object            *ObjectMetricSource            `json:"object,omitempty"`
	Pods              *PodsMetricSource              `json:"pods,omitempty"`
	Resource          *ResourceMetricSource          `json:"resource,omitempty"`
	ContainerResource *ContainerResourceMetricSource `json:"containerResource,omitempty"`
	External          *ExternalMetricSource          `json:"external,omitempty"`
}

// HorizontalPodAutoscalerBehavior is autoscaling/v2 HorizontalPodAutoscalerBehavior.
type HorizontalPodAutoscalerBehavior struct {
	ScaleUp   *HPAScalingRules `json:"scaleUp,omitempty"`
	ScaleDown *HPAScalingRules `json:"scaleDown,omitempty"`
}

// ScalingPolicySelect picks among a rule's policies.
type ScalingPolicySelect string

// The policy selections (autoscaling/v2).
const (
	MaxChangePolicySelect ScalingPolicySelect = "Max"
	MinChangePolicySelect ScalingPolicySelect = "Min"
	DisabledPolicySelect  ScalingPolicySelect = "Disabled"
)

// HPAScalingRules is autoscaling/v2 HPAScalingRules.
type HPAScalingRules struct {
	StabilizationWindowSeconds *int32               `json:"stabilizationWindowSeconds,omitempty"`
	SelectPolicy               *ScalingPolicySelect `json:"selectPolicy,omitempty"`
	Policies                   []HPAScalingPolicy   `json:"policies,omitempty"`
	Tolerance                  *resource.Quantity   `json:"tolerance,omitempty"`
}

// HPAScalingPolicyType is Pods or Percent.
type HPAScalingPolicyType string

// The scaling policy types (autoscaling/v2).
const (
	PodsScalingPolicy    HPAScalingPolicyType = "Pods"
	PercentScalingPolicy HPAScalingPolicyType = "Percent"
)

// HPAScalingPolicy is autoscaling/v2 HPAScalingPolicy.
type HPAScalingPolicy struct {
	Type          HPAScalingPolicyType `json:"type"`
	Value         int32                `json:"value"`
	PeriodSeconds int32                `json:"periodSeconds"`
}

// ObjectMetricSource is autoscaling/v2 ObjectMetricSource.
type ObjectMetricSource struct {
	DescribedObject CrossVersionObjectReference `json:"describedObject"`
	Target          MetricTarget                `json:"target"`
	Metric          MetricIdentifier            `json:"metric"`
}

// PodsMetricSource is autoscaling/v2 PodsMetricSource.
type PodsMetricSource struct {
	Metric MetricIdentifier `json:"metric"`
	Target MetricTarget     `json:"target"`
}

// ResourceMetricSource is autoscaling/v2 ResourceMetricSource.
type ResourceMetricSource struct {
	Name   ResourceName `json:"name"`
	Target MetricTarget `json:"target"`
}

// ContainerResourceMetricSource is autoscaling/v2 ContainerResourceMetricSource.
type ContainerResourceMetricSource struct {
	Name      ResourceName `json:"name"`
	Target    MetricTarget `json:"target"`
	Container string       `json:"container"`
}

// ExternalMetricSource is autoscaling/v2 ExternalMetricSource.
type ExternalMetricSource struct {
	Metric MetricIdentifier `json:"metric"`
	Target MetricTarget     `json:"target"`
}

// MetricIdentifier is autoscaling/v2 MetricIdentifier.
type MetricIdentifier struct {
	Name     string         `json:"name"`
	Selector *LabelSelector `json:"selector,omitempty"`
}

// MetricTargetType is Utilization, Value or AverageValue.
type MetricTargetType string

// The metric target types (autoscaling/v2).
const (
	UtilizationMetricType  MetricTargetType = "Utilization"
	ValueMetricType        MetricTargetType = "Value"
	AverageValueMetricType MetricTargetType = "AverageValue"
)

// MetricTarget is autoscaling/v2 MetricTarget.
type MetricTarget struct {
	Type               MetricTargetType   `json:"type"`
	Value              *resource.Quantity `json:"value,omitempty"`
	AverageValue       *resource.Quantity `json:"averageValue,omitempty"`
	AverageUtilization *int32             `json:"averageUtilization,omitempty"`
}

// HorizontalPodAutoscalerStatus is autoscaling/v2 HorizontalPodAutoscalerStatus.
type HorizontalPodAutoscalerStatus struct {
	ObservedGeneration *int64                             `json:"observedGeneration,omitempty"`
	LastScaleTime      *Time                              `json:"lastScaleTime,omitempty"`
	CurrentReplicas    int32                              `json:"currentReplicas,omitempty"`
	DesiredReplicas    int32                              `json:"desiredReplicas"`
	CurrentMetrics     []MetricStatus                     `json:"currentMetrics"`
	Conditions         []HorizontalPodAutoscalerCondition `json:"conditions,omitempty"`
}

// HorizontalPodAutoscalerConditionType names an HPA condition.
type HorizontalPodAutoscalerConditionType string

// The HPA condition types (autoscaling/v2), in the order the controller
// first sets them.
const (
	AbleToScale    HorizontalPodAutoscalerConditionType = "AbleToScale"
	ScalingActive  HorizontalPodAutoscalerConditionType = "ScalingActive"
	ScalingLimited HorizontalPodAutoscalerConditionType = "ScalingLimited"
)

// HorizontalPodAutoscalerCondition is autoscaling/v2 HorizontalPodAutoscalerCondition.
type HorizontalPodAutoscalerCondition struct {
	Type               HorizontalPodAutoscalerConditionType `json:"type"`
	Status             ConditionStatus                      `json:"status"`
	LastTransitionTime Time                                 `json:"lastTransitionTime,omitempty"`
	Reason             string                               `json:"reason,omitempty"`
	Message            string                               `json:"message,omitempty"`
	ObservedGeneration *int64                               `json:"observedGeneration,omitempty"`
}

// MetricStatus is autoscaling/v2 MetricStatus.
type MetricStatus struct {
	Type              MetricSourceType               `json:"type"`
	Object            *ObjectMetricStatus            `json:"object,omitempty"`
	Pods              *PodsMetricStatus              `json:"pods,omitempty"`
	Resource          *ResourceMetricStatus          `json:"resource,omitempty"`
	ContainerResource *ContainerResourceMetricStatus `json:"containerResource,omitempty"`
	External          *ExternalMetricStatus          `json:"external,omitempty"`
}

// ObjectMetricStatus is autoscaling/v2 ObjectMetricStatus.
type ObjectMetricStatus struct {
	Metric          MetricIdentifier            `json:"metric"`
	Current         MetricValueStatus           `json:"current"`
	DescribedObject CrossVersionObjectReference `json:"describedObject"`
}

// PodsMetricStatus is autoscaling/v2 PodsMetricStatus.
type PodsMetricStatus struct {
	Metric  MetricIdentifier  `json:"metric"`
	Current MetricValueStatus `json:"current"`
}

// ResourceMetricStatus is autoscaling/v2 ResourceMetricStatus.
type ResourceMetricStatus struct {
	Name    ResourceName      `json:"name"`
	Current MetricValueStatus `json:"current"`
}

// ContainerResourceMetricStatus is autoscaling/v2 ContainerResourceMetricStatus.
type ContainerResourceMetricStatus struct {
	Name      ResourceName      `json:"name"`
	Current   MetricValueStatus `json:"current"`
	Container string            `json:"container"`
}

// ExternalMetricStatus is autoscaling/v2 ExternalMetricStatus.
type ExternalMetricStatus struct {
	Metric  MetricIdentifier  `json:"metric"`
	Current MetricValueStatus `json:"current"`
}

// MetricValueStatus is autoscaling/v2 MetricValueStatus.
type MetricValueStatus struct {
	Value              *resource.Quantity `json:"value,omitempty"`
	AverageValue       *resource.Quantity `json:"averageValue,omitempty"`
	AverageUtilization *int32             `json:"averageUtilization,omitempty"`
}
