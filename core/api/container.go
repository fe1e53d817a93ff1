package api

import "github.com/kubeplay/kubeplay/core/api/resource"

// ResourceList is core/v1 ResourceList.
type ResourceList map[ResourceName]resource.Quantity

// PullPolicy is core/v1 PullPolicy.
type PullPolicy string

// Container is core/v1 Container.
type Container struct {
	Name                     string                   `json:"name"`
	Image                    string                   `json:"image,omitempty"`
	Command                  []string                 `json:"command,omitempty"`
	Args                     []string                 `json:"args,omitempty"`
	WorkingDir               string                   `json:"workingDir,omitempty"`
	Ports                    []ContainerPort          `json:"ports,omitempty"`
	EnvFrom                  []EnvFromSource          `json:"envFrom,omitempty"`
	Env                      []EnvVar                 `json:"env,omitempty"`
	Resources                ResourceRequirements     `json:"resources,omitempty"`
	ResizePolicy             []ContainerResizePolicy  `json:"resizePolicy,omitempty"`
	RestartPolicy            *ContainerRestartPolicy  `json:"restartPolicy,omitempty"`
	RestartPolicyRules       []ContainerRestartRule   `json:"restartPolicyRules,omitempty"`
	VolumeMounts             []VolumeMount            `json:"volumeMounts,omitempty"`
	VolumeDevices            []VolumeDevice           `json:"volumeDevices,omitempty"`
	LivenessProbe            *Probe                   `json:"livenessProbe,omitempty"`
	ReadinessProbe           *Probe                   `json:"readinessProbe,omitempty"`
	StartupProbe             *Probe                   `json:"startupProbe,omitempty"`
	Lifecycle                *Lifecycle               `json:"lifecycle,omitempty"`
	TerminationMessagePath   string                   `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy TerminationMessagePolicy `json:"terminationMessagePolicy,omitempty"`
	ImagePullPolicy          PullPolicy               `json:"imagePullPolicy,omitempty"`
	SecurityContext          *SecurityContext         `json:"securityContext,omitempty"`
	Stdin                    bool                     `json:"stdin,omitempty"`
	StdinOnce                bool                     `json:"stdinOnce,omitempty"`
	TTY                      bool                     `json:"tty,omitempty"`
}

// ContainerPort is core/v1 ContainerPort.
type ContainerPort struct {
	Name          string   `json:"name,omitempty"`
	HostPort      int32    `json:"hostPort,omitempty"`
	ContainerPort int32    `json:"containerPort"`
	Protocol      Protocol `json:"protocol,omitempty"`
	HostIP        string   `json:"hostIP,omitempty"`
}

// Protocol is core/v1 Protocol.
type Protocol string

// ResourceRequirements is core/v1 ResourceRequirements.
type ResourceRequirements struct {
	Limits   ResourceList    `json:"limits,omitempty"`
	Requests ResourceList    `json:"requests,omitempty"`
	Claims   []ResourceClaim `json:"claims,omitempty"`
}

// ResourceClaim is core/v1 ResourceClaim.
type ResourceClaim struct {
	Name    string `json:"name"`
	Request string `json:"request,omitempty"`
}

// ContainerResizePolicy is core/v1 ContainerResizePolicy.
type ContainerResizePolicy struct {
	ResourceName  ResourceName                `json:"resourceName"`
	RestartPolicy ResourceResizeRestartPolicy `json:"restartPolicy"`
}

// ResourceName is core/v1 ResourceName.
type ResourceName string

// ResourceResizeRestartPolicy is core/v1 ResourceResizeRestartPolicy.
type ResourceResizeRestartPolicy string

// ContainerRestartPolicy is core/v1 ContainerRestartPolicy.
type ContainerRestartPolicy string

// ContainerRestartRule is core/v1 ContainerRestartRule.
type ContainerRestartRule struct {
	Action    ContainerRestartRuleAction       `json:"action,omitempty"`
	ExitCodes *ContainerRestartRuleOnExitCodes `json:"exitCodes,omitempty"`
}

// ContainerRestartRuleAction is core/v1 ContainerRestartRuleAction.
type ContainerRestartRuleAction string

// ContainerRestartRuleOnExitCodes is core/v1 ContainerRestartRuleOnExitCodes.
type ContainerRestartRuleOnExitCodes struct {
	Operator ContainerRestartRuleOnExitCodesOperator `json:"operator,omitempty"`
	Values   []int32                                 `json:"values,omitempty"`
}

// ContainerRestartRuleOnExitCodesOperator is core/v1 ContainerRestartRuleOnExitCodesOperator.
type ContainerRestartRuleOnExitCodesOperator string

// TerminationMessagePolicy is core/v1 TerminationMessagePolicy.
type TerminationMessagePolicy string

// EphemeralContainer is core/v1 EphemeralContainer.
type EphemeralContainer struct {
	EphemeralContainerCommon `json:",inline"`
	TargetContainerName      string `json:"targetContainerName,omitempty"`
}

// EphemeralContainerCommon is core/v1 EphemeralContainerCommon, which
// upstream declares field for field as Container (so that the two convert
// into each other); defining it from Container keeps them equal.
type EphemeralContainerCommon Container
