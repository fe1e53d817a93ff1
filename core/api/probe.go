package api

// Probe is core/v1 Probe.
type Probe struct {
	ProbeHandler                  `json:",inline"`
	InitialDelaySeconds           int32  `json:"initialDelaySeconds,omitempty"`
	TimeoutSeconds                int32  `json:"timeoutSeconds,omitempty"`
	PeriodSeconds                 int32  `json:"periodSeconds,omitempty"`
	SuccessThreshold              int32  `json:"successThreshold,omitempty"`
	FailureThreshold              int32  `json:"failureThreshold,omitempty"`
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds,omitempty"`
}

// ProbeHandler is core/v1 ProbeHandler.
type ProbeHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	GRPC      *GRPCAction      `json:"grpc,omitempty"`
}

// ExecAction is core/v1 ExecAction.
type ExecAction struct {
	Command []string `json:"command,omitempty"`
}

// HTTPGetAction is core/v1 HTTPGetAction.
type HTTPGetAction struct {
	Path        string        `json:"path,omitempty"`
	Port        IntOrString   `json:"port"`
	Host        string        `json:"host,omitempty"`
	Scheme      URIScheme     `json:"scheme,omitempty"`
	HTTPHeaders []HTTPHeader  `json:"httpHeaders,omitempty"`
	Protocol    *HTTPProtocol `json:"protocol,omitempty"`
}

// URIScheme is core/v1 URIScheme.
type URIScheme string

// HTTPHeader is core/v1 HTTPHeader.
type HTTPHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// HTTPProtocol is core/v1 HTTPProtocol.
type HTTPProtocol string

// TCPSocketAction is core/v1 TCPSocketAction.
type TCPSocketAction struct {
	Port IntOrString `json:"port"`
	Host string      `json:"host,omitempty"`
}

// GRPCAction is core/v1 GRPCAction.
type GRPCAction struct {
	Port    int32          `json:"port"`
	Service *string        `json:"service"`
	Mode    *GRPCProbeMode `json:"mode,omitempty"`
}

// GRPCProbeMode is core/v1 GRPCProbeMode.
type GRPCProbeMode string

// Lifecycle is core/v1 Lifecycle.
type Lifecycle struct {
	PostStart  *LifecycleHandler `json:"postStart,omitempty"`
	PreStop    *LifecycleHandler `json:"preStop,omitempty"`
	StopSignal *Signal           `json:"stopSignal,omitempty"`
}

// LifecycleHandler is core/v1 LifecycleHandler.
type LifecycleHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	Sleep     *SleepAction     `json:"sleep,omitempty"`
}

// SleepAction is core/v1 SleepAction.
type SleepAction struct {
	Seconds int64 `json:"seconds"`
}

// Signal is core/v1 Signal.
type Signal string
